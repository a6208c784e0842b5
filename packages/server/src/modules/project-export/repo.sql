-- The SQL of modules/project-export/repo.ts, method by method, for SQLite and PostgreSQL.
-- Written by `npm run sql:snapshots` (packages/server/src/db/sql-snapshots); do not edit.

-- ProjectExportRepo.tasksAfter
-- sqlite
select *
  from "tasks"
  where "project_id" = ? and "id" > ?
  order by "id"
  limit ?;
-- postgres
select *
  from "tasks"
  where "project_id" = $1 and "id" > $2
  order by "id"
  limit $3;

-- ProjectExportRepo.kanbanViewId
-- sqlite
select "id"
  from "project_views"
  where "project_id" = ? and "view_kind" = ? and "bucket_configuration_mode" = ?
  order by "position", "id";
-- postgres
select "id"
  from "project_views"
  where "project_id" = $1 and "view_kind" = $2 and "bucket_configuration_mode" = $3
  order by "position", "id";

-- ProjectExportRepo.bucketTitles
-- sqlite
select "task_buckets"."task_id", "buckets"."title"
  from "task_buckets"
  inner join "buckets" on "buckets"."id" = "task_buckets"."bucket_id"
  where "task_buckets"."project_view_id" = ? and "task_buckets"."task_id" in (?, ?);
-- postgres
select "task_buckets"."task_id", "buckets"."title"
  from "task_buckets"
  inner join "buckets" on "buckets"."id" = "task_buckets"."bucket_id"
  where "task_buckets"."project_view_id" = $1 and "task_buckets"."task_id" in ($2, $3);

-- ProjectExportRepo.uidsOf
-- sqlite
select "id", "uid"
  from "tasks"
  where "id" in (?, ?);
-- postgres
select "id", "uid"
  from "tasks"
  where "id" in ($1, $2);

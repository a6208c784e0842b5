-- The SQL of modules/views/repo.ts, method by method, for SQLite and PostgreSQL.
-- Written by `npm run sql:snapshots` (packages/server/src/db/sql-snapshots); do not edit.

-- ViewsRepo.find
-- sqlite
select *
  from "project_views"
  where "id" = ?;
-- postgres
select *
  from "project_views"
  where "id" = $1;

-- ViewsRepo.listForProjects
-- sqlite
select *
  from "project_views"
  where "project_id" in (?, ?)
  order by "position", "id";
-- postgres
select *
  from "project_views"
  where "project_id" in ($1, $2)
  order by "position", "id";

-- ViewsRepo.insert
-- sqlite
insert into "project_views" ("title", "project_id", "view_kind", "position", "created", "updated")
  values (?, ?, ?, ?, ?, ?)
  returning *;
-- postgres
insert into "project_views" ("title", "project_id", "view_kind", "position", "created", "updated")
  values ($1, $2, $3, $4, $5, $6)
  returning *;

-- ViewsRepo.update
-- sqlite
update "project_views"
  set "title" = ?, "updated" = ?
  where "id" = ?;
-- postgres
update "project_views"
  set "title" = $1, "updated" = $2
  where "id" = $3;

-- ViewsRepo.lock
-- sqlite
update "project_views"
  set "position" = "position"
  where "id" = ?;
-- postgres
update "project_views"
  set "position" = "position"
  where "id" = $1;

-- ViewsRepo.delete
-- sqlite
delete
  from "project_views"
  where "id" = ?;
-- postgres
delete
  from "project_views"
  where "id" = $1;

-- ViewsRepo.manualKanbanViews
-- sqlite
select *
  from "project_views"
  where "project_id" = ? and "view_kind" = ? and "bucket_configuration_mode" = ?
  order by "id";
-- postgres
select *
  from "project_views"
  where "project_id" = $1 and "view_kind" = $2 and "bucket_configuration_mode" = $3
  order by "id";

-- ViewsRepo.findBucket
-- sqlite
select *
  from "buckets"
  where "id" = ?;
-- postgres
select *
  from "buckets"
  where "id" = $1;

-- ViewsRepo.bucketsOf
-- sqlite
select *
  from "buckets"
  where "project_view_id" in (?, ?)
  order by "position", "id";
-- postgres
select *
  from "buckets"
  where "project_view_id" in ($1, $2)
  order by "position", "id";

-- ViewsRepo.insertBucket
-- sqlite
insert into "buckets" ("title", "project_view_id", "created_by_id", "created", "updated")
  values (?, ?, ?, ?, ?)
  returning *;
-- postgres
insert into "buckets" ("title", "project_view_id", "created_by_id", "created", "updated")
  values ($1, $2, $3, $4, $5)
  returning *;

-- ViewsRepo.bucketCounts
-- sqlite
select "bucket_id", "task_count"
  from "bucket_task_counts"
  where "bucket_id" in (?, ?);
-- postgres
select "bucket_id", "task_count"
  from "bucket_task_counts"
  where "bucket_id" in ($1, $2);

-- ViewsRepo.fillBucketWithUnplacedTasks
-- sqlite
select "id"
  from "tasks"
  where "project_id" = ? and not exists (select "task_id"
  from "task_buckets"
  where "task_buckets"."task_id" = "tasks"."id" and "task_buckets"."project_view_id" = ?);
-- postgres
select "id"
  from "tasks"
  where "project_id" = $1 and not exists (select "task_id"
  from "task_buckets"
  where "task_buckets"."task_id" = "tasks"."id" and "task_buckets"."project_view_id" = $2);

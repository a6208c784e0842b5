-- The SQL of modules/buckets/repo.ts, method by method, for SQLite and PostgreSQL.
-- Written by `npm run sql:snapshots` (packages/server/src/db/sql-snapshots); do not edit.

-- BucketsRepo.findWithProject
-- sqlite
select "buckets".*, "project_views"."project_id"
  from "buckets"
  inner join "project_views" on "project_views"."id" = "buckets"."project_view_id"
  where "buckets"."id" = ?;
-- postgres
select "buckets".*, "project_views"."project_id"
  from "buckets"
  inner join "project_views" on "project_views"."id" = "buckets"."project_view_id"
  where "buckets"."id" = $1;

-- BucketsRepo.update
-- sqlite
update "buckets"
  set "title" = ?, "updated" = ?
  where "id" = ?;
-- postgres
update "buckets"
  set "title" = $1, "updated" = $2
  where "id" = $3;

-- BucketsRepo.lock
-- sqlite
update "buckets"
  set "limit" = "limit"
  where "id" = ?;
-- postgres
update "buckets"
  set "limit" = "limit"
  where "id" = $1;

-- BucketsRepo.delete
-- sqlite
delete
  from "buckets"
  where "id" = ?;
-- postgres
delete
  from "buckets"
  where "id" = $1;

-- BucketsRepo.countInView
-- sqlite
select count(*) as "n"
  from "buckets"
  where "project_view_id" = ?;
-- postgres
select count(*) as "n"
  from "buckets"
  where "project_view_id" = $1;

-- BucketsRepo.countTasks
-- sqlite
select "task_count"
  from "bucket_task_counts"
  where "bucket_id" = ?;
-- postgres
select "task_count"
  from "bucket_task_counts"
  where "bucket_id" = $1;

-- BucketsRepo.bucketOfTask
-- sqlite
select "bucket_id"
  from "task_buckets"
  where "task_id" = ? and "project_view_id" = ?;
-- postgres
select "bucket_id"
  from "task_buckets"
  where "task_id" = $1 and "project_view_id" = $2;

-- BucketsRepo.placement
-- sqlite
select "tp"."position", "tb"."bucket_id"
  from "tasks"
  left join "task_positions" as "tp" on "tp"."task_id" = "tasks"."id" and "tp"."project_view_id" = ?
  left join "task_buckets" as "tb" on "tb"."task_id" = "tasks"."id" and "tb"."project_view_id" = ?
  where "tasks"."id" = ?;
-- postgres
select "tp"."position", "tb"."bucket_id"
  from "tasks"
  left join "task_positions" as "tp" on "tp"."task_id" = "tasks"."id" and "tp"."project_view_id" = $1
  left join "task_buckets" as "tb" on "tb"."task_id" = "tasks"."id" and "tb"."project_view_id" = $2
  where "tasks"."id" = $3;

-- BucketsRepo.moveAllTasks
-- sqlite
update "task_buckets"
  set "bucket_id" = ?
  where "bucket_id" = ?;
-- postgres
update "task_buckets"
  set "bucket_id" = $1
  where "bucket_id" = $2;

-- BucketsRepo.creators
-- sqlite
select *
  from "users"
  where "id" in (?, ?);
-- postgres
select *
  from "users"
  where "id" in ($1, $2);

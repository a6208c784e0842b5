-- The SQL of modules/tasks/placement-repo.ts, method by method, for SQLite and PostgreSQL.
-- Written by `npm run sql:snapshots` (packages/server/src/db/sql-snapshots); do not edit.

-- PlacementRepo.lowestPositions
-- sqlite
select "project_view_id", min("position") as "min"
  from "task_positions"
  where "project_view_id" in (?, ?)
  group by "project_view_id";
-- postgres
select "project_view_id", min("position") as "min"
  from "task_positions"
  where "project_view_id" in ($1, $2)
  group by "project_view_id";

-- PlacementRepo.insertPositions
-- sqlite
insert into "task_positions" ("task_id", "project_view_id", "position")
  values (?, ?, ?);
-- postgres
insert into "task_positions" ("task_id", "project_view_id", "position")
  values ($1, $2, $3);

-- PlacementRepo.viewsWithPosition
-- sqlite
select "project_view_id"
  from "task_positions"
  where "task_id" = ?;
-- postgres
select "project_view_id"
  from "task_positions"
  where "task_id" = $1;

-- PlacementRepo.bucketsOfTask
-- sqlite
select *
  from "task_buckets"
  where "task_id" = ?;
-- postgres
select *
  from "task_buckets"
  where "task_id" = $1;

-- PlacementRepo.setBucket
-- sqlite
delete
  from "task_buckets"
  where "task_id" = ? and "project_view_id" = ?;
insert into "task_buckets" ("task_id", "project_view_id", "bucket_id")
  values (?, ?, ?);
-- postgres
delete
  from "task_buckets"
  where "task_id" = $1 and "project_view_id" = $2;
insert into "task_buckets" ("task_id", "project_view_id", "bucket_id")
  values ($1, $2, $3);

-- PlacementRepo.countInBucket
-- sqlite
select "task_count"
  from "bucket_task_counts"
  where "bucket_id" = ?;
-- postgres
select "task_count"
  from "bucket_task_counts"
  where "bucket_id" = $1;

-- PlacementRepo.clear
-- sqlite
delete
  from "task_positions"
  where "task_id" = ?;
delete
  from "task_buckets"
  where "task_id" = ?;
-- postgres
delete
  from "task_positions"
  where "task_id" = $1;
delete
  from "task_buckets"
  where "task_id" = $1;

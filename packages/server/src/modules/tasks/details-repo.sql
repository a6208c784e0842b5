-- The SQL of modules/tasks/details-repo.ts, method by method, for SQLite and PostgreSQL.
-- Written by `npm run sql:snapshots` (packages/server/src/db/sql-snapshots); do not edit.

-- TaskDetailsRepo.identifiersOf
-- sqlite
select "id", "identifier"
  from "projects"
  where "id" in (?, ?);
-- postgres
select "id", "identifier"
  from "projects"
  where "id" = any($1);

-- TaskDetailsRepo.usersById
-- sqlite
select *
  from "users"
  where "id" in (?, ?);
-- postgres
select *
  from "users"
  where "id" = any($1);

-- TaskDetailsRepo.creatorsOfTasks
-- sqlite
select *
  from "users"
  where "id" in (select "created_by_id"
  from "tasks"
  where "id" in (?, ?));
-- postgres
select *
  from "users"
  where "id" in (select "created_by_id"
  from "tasks"
  where "id" = any($1));

-- TaskDetailsRepo.linkShares
-- sqlite
select *
  from "link_shares"
  where "id" in (?, ?);
-- postgres
select *
  from "link_shares"
  where "id" in ($1, $2);

-- TaskDetailsRepo.bucketsOfTasks
-- sqlite
select "buckets".*, "task_buckets"."task_id"
  from "task_buckets"
  inner join "buckets" on "buckets"."id" = "task_buckets"."bucket_id"
  where "task_buckets"."task_id" in (?, ?)
  order by "buckets"."id";
-- postgres
select "buckets".*, "task_buckets"."task_id"
  from "task_buckets"
  inner join "buckets" on "buckets"."id" = "task_buckets"."bucket_id"
  where "task_buckets"."task_id" in ($1, $2)
  order by "buckets"."id";

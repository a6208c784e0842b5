-- The SQL of modules/activity/repo.ts, method by method, for SQLite and PostgreSQL.
-- Written by `npm run sql:snapshots` (packages/server/src/db/sql-snapshots); do not edit.

-- ActivityRepo.record
-- sqlite
insert into "task_activity" ("task_id", "project_id", "actor_id", "field", "before_value", "after_value", "created")
  values (?, ?, ?, ?, ?, ?, ?);
-- postgres
insert into "task_activity" ("task_id", "project_id", "actor_id", "field", "before_value", "after_value", "created")
  values ($1, $2, $3, $4, $5, $6, $7);

-- ActivityRepo.moveTask
-- sqlite
update "task_activity"
  set "project_id" = ?
  where "task_id" = ?;
-- postgres
update "task_activity"
  set "project_id" = $1
  where "task_id" = $2;

-- ActivityRepo.ofTask
-- sqlite
select "task_activity".*, "tasks"."title" as "task_title", "tasks"."index" as "task_index", "projects"."identifier" as "project_identifier"
  from "task_activity"
  inner join "tasks" on "tasks"."id" = "task_activity"."task_id"
  inner join "projects" on "projects"."id" = "tasks"."project_id"
  where "task_activity"."task_id" = ?
  order by "task_activity"."id" desc
  limit ? offset ?;
select count(*) as "n"
  from "task_activity"
  inner join "tasks" on "tasks"."id" = "task_activity"."task_id"
  inner join "projects" on "projects"."id" = "tasks"."project_id"
  where "task_activity"."task_id" = ?;
-- postgres
select "task_activity".*, "tasks"."title" as "task_title", "tasks"."index" as "task_index", "projects"."identifier" as "project_identifier"
  from "task_activity"
  inner join "tasks" on "tasks"."id" = "task_activity"."task_id"
  inner join "projects" on "projects"."id" = "tasks"."project_id"
  where "task_activity"."task_id" = $1
  order by "task_activity"."id" desc
  limit $2 offset $3;
select count(*) as "n"
  from "task_activity"
  inner join "tasks" on "tasks"."id" = "task_activity"."task_id"
  inner join "projects" on "projects"."id" = "tasks"."project_id"
  where "task_activity"."task_id" = $1;

-- ActivityRepo.ofProject
-- sqlite
select "task_activity".*, "tasks"."title" as "task_title", "tasks"."index" as "task_index", "projects"."identifier" as "project_identifier"
  from "task_activity"
  inner join "tasks" on "tasks"."id" = "task_activity"."task_id"
  inner join "projects" on "projects"."id" = "tasks"."project_id"
  where "task_activity"."project_id" = ?
  order by "task_activity"."id" desc
  limit ? offset ?;
select count(*) as "n"
  from "task_activity"
  inner join "tasks" on "tasks"."id" = "task_activity"."task_id"
  inner join "projects" on "projects"."id" = "tasks"."project_id"
  where "task_activity"."project_id" = ?;
-- postgres
select "task_activity".*, "tasks"."title" as "task_title", "tasks"."index" as "task_index", "projects"."identifier" as "project_identifier"
  from "task_activity"
  inner join "tasks" on "tasks"."id" = "task_activity"."task_id"
  inner join "projects" on "projects"."id" = "tasks"."project_id"
  where "task_activity"."project_id" = $1
  order by "task_activity"."id" desc
  limit $2 offset $3;
select count(*) as "n"
  from "task_activity"
  inner join "tasks" on "tasks"."id" = "task_activity"."task_id"
  inner join "projects" on "projects"."id" = "tasks"."project_id"
  where "task_activity"."project_id" = $1;

-- ActivityRepo.pruneBefore
-- sqlite
delete
  from "task_activity"
  where "created" < ?;
-- postgres
delete
  from "task_activity"
  where "created" < $1;

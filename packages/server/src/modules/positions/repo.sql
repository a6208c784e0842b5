-- The SQL of modules/positions/repo.ts, method by method, for SQLite and PostgreSQL.
-- Written by `npm run sql:snapshots` (packages/server/src/db/sql-snapshots); do not edit.

-- PositionsRepo.set
-- sqlite
insert into "task_positions" ("task_id", "project_view_id", "position")
  values (?, ?, ?)
  on conflict ("task_id", "project_view_id") do update
  set "position" = ?;
-- postgres
insert into "task_positions" ("task_id", "project_view_id", "position")
  values ($1, $2, $3)
  on conflict ("task_id", "project_view_id") do update
  set "position" = $4;

-- PositionsRepo.positionOf
-- sqlite
select "position"
  from "task_positions"
  where "task_id" = ? and "project_view_id" = ?;
-- postgres
select "position"
  from "task_positions"
  where "task_id" = $1 and "project_view_id" = $2;

-- PositionsRepo.tasksAt
-- sqlite
select "task_id"
  from "task_positions"
  where "project_view_id" = ? and "position" = ?;
-- postgres
select "task_id"
  from "task_positions"
  where "project_view_id" = $1 and "position" = $2;

-- PositionsRepo.neighbours
-- sqlite
select max(case when "position" < ? then "position" end) as "lower", min(case when "position" > ? then "position" end) as "upper"
  from "task_positions"
  where "project_view_id" = ?;
-- postgres
select max(case when "position" < $1 then "position" end) as "lower", min(case when "position" > $2 then "position" end) as "upper"
  from "task_positions"
  where "project_view_id" = $3;

-- PositionsRepo.currentOrder
-- sqlite
select "tasks"."id"
  from "tasks"
  left join "task_positions" as "tp" on "tp"."task_id" = "tasks"."id" and "tp"."project_view_id" = ?
  where "tasks"."project_id" = ?
  order by "tp"."position" is null, "tp"."position", "tasks"."id";
-- postgres
select "tasks"."id"
  from "tasks"
  left join "task_positions" as "tp" on "tp"."task_id" = "tasks"."id" and "tp"."project_view_id" = $1
  where "tasks"."project_id" = $2
  order by "tp"."position" is null, "tp"."position", "tasks"."id";

-- PositionsRepo.placedOrder
-- sqlite
select "task_id"
  from "task_positions"
  where "project_view_id" = ?
  order by "position", "task_id";
-- postgres
select "task_id"
  from "task_positions"
  where "project_view_id" = $1
  order by "position", "task_id";

-- PositionsRepo.replaceAll
-- sqlite
delete
  from "task_positions"
  where "project_view_id" = ?;
insert into "task_positions" ("task_id", "position", "project_view_id")
  values (?, ?, ?);
-- postgres
delete
  from "task_positions"
  where "project_view_id" = $1;
insert into "task_positions" ("task_id", "position", "project_view_id")
  values ($1, $2, $3);

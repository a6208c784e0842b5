-- The SQL of modules/notifications/payload-repo.ts, method by method, for SQLite and PostgreSQL.
-- Written by `npm run sql:snapshots` (packages/server/src/db/sql-snapshots); do not edit.

-- PayloadRepo.user
-- sqlite
select *
  from "users"
  where "id" = ?;
-- postgres
select *
  from "users"
  where "id" = $1;

-- PayloadRepo.usersNamed
-- sqlite
select *
  from "users"
  where lower(username) in (?, ?);
-- postgres
select *
  from "users"
  where lower(username) in ($1, $2);

-- PayloadRepo.linkShare
-- sqlite
select *
  from "link_shares"
  where "id" = ?;
-- postgres
select *
  from "link_shares"
  where "id" = $1;

-- PayloadRepo.task
-- sqlite
select *
  from "tasks"
  where "id" = ?;
-- postgres
select *
  from "tasks"
  where "id" = $1;

-- PayloadRepo.tasks
-- sqlite
select *
  from "tasks"
  where "id" in (?, ?)
  order by "id";
-- postgres
select *
  from "tasks"
  where "id" in ($1, $2)
  order by "id";

-- PayloadRepo.projects
-- sqlite
select *
  from "projects"
  where "id" in (?, ?)
  order by "id";
-- postgres
select *
  from "projects"
  where "id" in ($1, $2)
  order by "id";

-- PayloadRepo.project
-- sqlite
select *
  from "projects"
  where "id" = ?;
-- postgres
select *
  from "projects"
  where "id" = $1;

-- PayloadRepo.team
-- sqlite
select *
  from "teams"
  where "id" = ?;
-- postgres
select *
  from "teams"
  where "id" = $1;

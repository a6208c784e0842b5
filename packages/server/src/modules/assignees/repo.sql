-- The SQL of modules/assignees/repo.ts, method by method, for SQLite and PostgreSQL.
-- Written by `npm run sql:snapshots` (packages/server/src/db/sql-snapshots); do not edit.

-- AssigneesRepo.usersOfTasks
-- sqlite
select "users".*, "task_assignees"."task_id"
  from "task_assignees"
  inner join "users" on "users"."id" = "task_assignees"."user_id"
  where "task_assignees"."task_id" in (?, ?)
  order by "task_assignees"."id";
-- postgres
select "users".*, "task_assignees"."task_id"
  from "task_assignees"
  inner join "users" on "users"."id" = "task_assignees"."user_id"
  where "task_assignees"."task_id" = any($1)
  order by "task_assignees"."id";

-- AssigneesRepo.pageOfTask
-- sqlite
select "users".*
  from "task_assignees"
  inner join "users" on "users"."id" = "task_assignees"."user_id"
  where "task_assignees"."task_id" = ? and ordo_lower("users"."username") LIKE ? ESCAPE '\'
  order by "task_assignees"."id"
  limit ? offset ?;
select count(*) as "n"
  from "task_assignees"
  inner join "users" on "users"."id" = "task_assignees"."user_id"
  where "task_assignees"."task_id" = ? and ordo_lower("users"."username") LIKE ? ESCAPE '\';
-- postgres
select "users".*
  from "task_assignees"
  inner join "users" on "users"."id" = "task_assignees"."user_id"
  where "task_assignees"."task_id" = $1 and ordo_lower("users"."username") LIKE $2 ESCAPE '\'
  order by "task_assignees"."id"
  limit $3 offset $4;
select count(*) as "n"
  from "task_assignees"
  inner join "users" on "users"."id" = "task_assignees"."user_id"
  where "task_assignees"."task_id" = $1 and ordo_lower("users"."username") LIKE $2 ESCAPE '\';

-- AssigneesRepo.userIdsOfTask
-- sqlite
select "user_id"
  from "task_assignees"
  where "task_id" = ?
  order by "id";
-- postgres
select "user_id"
  from "task_assignees"
  where "task_id" = $1
  order by "id";

-- AssigneesRepo.add
-- sqlite
insert into "task_assignees" ("task_id", "user_id", "created")
  values (?, ?, ?), (?, ?, ?);
-- postgres
insert into "task_assignees" ("task_id", "user_id", "created")
  values ($1, $2, $3), ($4, $5, $6);

-- AssigneesRepo.remove
-- sqlite
delete
  from "task_assignees"
  where "task_id" = ? and "user_id" in (?);
-- postgres
delete
  from "task_assignees"
  where "task_id" = $1 and "user_id" in ($2);

-- AssigneesRepo.replace
-- sqlite
select "user_id"
  from "task_assignees"
  where "task_id" = ?
  order by "id";
insert into "task_assignees" ("task_id", "user_id", "created")
  values (?, ?, ?), (?, ?, ?);
-- postgres
select "user_id"
  from "task_assignees"
  where "task_id" = $1
  order by "id";
insert into "task_assignees" ("task_id", "user_id", "created")
  values ($1, $2, $3), ($4, $5, $6);

-- AssigneesRepo.findUsers
-- sqlite
select *
  from "users"
  where "id" in (?, ?);
-- postgres
select *
  from "users"
  where "id" in ($1, $2);

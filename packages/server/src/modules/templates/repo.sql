-- The SQL of modules/templates/repo.ts, method by method, for SQLite and PostgreSQL.
-- Written by `npm run sql:snapshots` (packages/server/src/db/sql-snapshots); do not edit.

-- TemplatesRepo.insert
-- sqlite
insert into "templates" ("owner_id", "kind", "title", "task_count", "body", "created", "updated")
  values (?, ?, ?, ?, ?, ?, ?)
  returning "id";
-- postgres
insert into "templates" ("owner_id", "kind", "title", "task_count", "body", "created", "updated")
  values ($1, $2, $3, $4, $5, $6, $7)
  returning "id";

-- TemplatesRepo.listOf
-- sqlite
select "id", "owner_id", "kind", "title", "task_count", "created", "updated"
  from "templates"
  where "owner_id" = ?
  order by "title", "id";
-- postgres
select "id", "owner_id", "kind", "title", "task_count", "created", "updated"
  from "templates"
  where "owner_id" = $1
  order by "title", "id";

-- TemplatesRepo.summary
-- sqlite
select "id", "owner_id", "kind", "title", "task_count", "created", "updated"
  from "templates"
  where "id" = ?;
-- postgres
select "id", "owner_id", "kind", "title", "task_count", "created", "updated"
  from "templates"
  where "id" = $1;

-- TemplatesRepo.find
-- sqlite
select *
  from "templates"
  where "id" = ?;
-- postgres
select *
  from "templates"
  where "id" = $1;

-- TemplatesRepo.countTasks
-- sqlite
select count(*) as "n"
  from "tasks"
  where "project_id" = ?;
-- postgres
select count(*) as "n"
  from "tasks"
  where "project_id" = $1;

-- TemplatesRepo.remindersOf
-- sqlite
select "reminder", "relative_period", "relative_to"
  from "task_reminders"
  where "task_id" = ?
  order by "id";
-- postgres
select "reminder", "relative_period", "relative_to"
  from "task_reminders"
  where "task_id" = $1
  order by "id";

-- TemplatesRepo.rename
-- sqlite
update "templates"
  set "title" = ?, "updated" = ?
  where "id" = ?;
-- postgres
update "templates"
  set "title" = $1, "updated" = $2
  where "id" = $3;

-- TemplatesRepo.delete
-- sqlite
delete
  from "templates"
  where "id" = ?;
-- postgres
delete
  from "templates"
  where "id" = $1;

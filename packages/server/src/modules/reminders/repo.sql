-- The SQL of modules/reminders/repo.ts, method by method, for SQLite and PostgreSQL.
-- Written by `npm run sql:snapshots` (packages/server/src/db/sql-snapshots); do not edit.

-- RemindersRepo.ofTasks
-- sqlite
select *
  from "task_reminders"
  where "task_id" in (?, ?)
  order by "reminder" is null, "reminder", "id";
-- postgres
select *
  from "task_reminders"
  where "task_id" = any($1)
  order by "reminder" is null, "reminder", "id";

-- RemindersRepo.replace
-- sqlite
delete
  from "task_reminders"
  where "task_id" = ?
  returning *;
insert into "task_reminders" ("task_id", "reminder", "relative_period", "relative_to", "created")
  values (?, ?, ?, ?, ?);
-- postgres
delete
  from "task_reminders"
  where "task_id" = $1
  returning *;
insert into "task_reminders" ("task_id", "reminder", "relative_period", "relative_to", "created")
  values ($1, $2, $3, $4, $5);

-- The SQL of modules/task-mail/task-mail-repo.ts, method by method, for SQLite and PostgreSQL.
-- Written by `npm run sql:snapshots` (packages/server/src/db/sql-snapshots); do not edit.

-- TaskMailRepo.reminderRecipients
-- sqlite
select "id", "username", "name", "email", "timezone"
  from "users"
  where "id" in (?, ?) and "email_reminders_enabled" = ? and "status" in (?, ?) and "email" <> ?
  order by "id";
-- postgres
select "id", "username", "name", "email", "timezone"
  from "users"
  where "id" in ($1, $2) and "email_reminders_enabled" = $3 and "status" in ($4, $5) and "email" <> $6
  order by "id";

-- TaskMailRepo.task
-- sqlite
select "tasks"."id", "tasks"."title", "tasks"."due_date", "tasks"."project_id", "projects"."title" as "project_title"
  from "tasks"
  inner join "projects" on "projects"."id" = "tasks"."project_id"
  where "tasks"."id" = ?;
-- postgres
select "tasks"."id", "tasks"."title", "tasks"."due_date", "tasks"."project_id", "projects"."title" as "project_title"
  from "tasks"
  inner join "projects" on "projects"."id" = "tasks"."project_id"
  where "tasks"."id" = $1;

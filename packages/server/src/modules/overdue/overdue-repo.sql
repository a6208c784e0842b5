-- The SQL of modules/overdue/overdue-repo.ts, method by method, for SQLite and PostgreSQL.
-- Written by `npm run sql:snapshots` (packages/server/src/db/sql-snapshots); do not edit.

-- OverdueRepo.groups
-- sqlite
select distinct "timezone", "overdue_tasks_reminders_time" as "time"
  from "users"
  where "overdue_tasks_reminders_enabled" = ? and "status" in (?, ?) and "email" <> ?;
-- postgres
select distinct "timezone", "overdue_tasks_reminders_time" as "time"
  from "users"
  where "overdue_tasks_reminders_enabled" = $1 and "status" in ($2, $3) and "email" <> $4;

-- OverdueRepo.groups (webhooks)
-- sqlite
select distinct "timezone", "overdue_tasks_reminders_time" as "time"
  from "users"
  where "overdue_tasks_reminders_enabled" = ? and "status" in (?, ?);
-- postgres
select distinct "timezone", "overdue_tasks_reminders_time" as "time"
  from "users"
  where "overdue_tasks_reminders_enabled" = $1 and "status" in ($2, $3);

-- OverdueRepo.tasks
-- sqlite
select "tasks"."id", "tasks"."title", "tasks"."due_date", "tasks"."project_id", "projects"."title" as "project_title", "users"."id" as "user_id", "users"."username", "users"."name", "users"."email", "users"."timezone"
  from "tasks"
  inner join "projects" on "projects"."id" = "tasks"."project_id"
  inner join "users" on "users"."id" = "tasks"."created_by_id"
  where "tasks"."done" = ? and "tasks"."due_date" is not null and "tasks"."due_date" < ? and "projects"."is_archived" = ? and "users"."overdue_tasks_reminders_enabled" = ? and "users"."timezone" = ? and "users"."overdue_tasks_reminders_time" = ? and "users"."status" in (?, ?) and "users"."email" <> ? and not exists (select "overdue_digests"."id"
  from "overdue_digests"
  where "overdue_digests"."user_id" = "users"."id" and "overdue_digests"."local_date" = ?);
select "tasks"."id", "tasks"."title", "tasks"."due_date", "tasks"."project_id", "projects"."title" as "project_title", "users"."id" as "user_id", "users"."username", "users"."name", "users"."email", "users"."timezone"
  from "tasks"
  inner join "projects" on "projects"."id" = "tasks"."project_id"
  inner join "task_assignees" on "task_assignees"."task_id" = "tasks"."id"
  inner join "users" on "users"."id" = "task_assignees"."user_id"
  where "tasks"."done" = ? and "tasks"."due_date" is not null and "tasks"."due_date" < ? and "projects"."is_archived" = ? and "users"."overdue_tasks_reminders_enabled" = ? and "users"."timezone" = ? and "users"."overdue_tasks_reminders_time" = ? and "users"."status" in (?, ?) and "users"."email" <> ? and not exists (select "overdue_digests"."id"
  from "overdue_digests"
  where "overdue_digests"."user_id" = "users"."id" and "overdue_digests"."local_date" = ?);
-- postgres
select "tasks"."id", "tasks"."title", "tasks"."due_date", "tasks"."project_id", "projects"."title" as "project_title", "users"."id" as "user_id", "users"."username", "users"."name", "users"."email", "users"."timezone"
  from "tasks"
  inner join "projects" on "projects"."id" = "tasks"."project_id"
  inner join "users" on "users"."id" = "tasks"."created_by_id"
  where "tasks"."done" = $1 and "tasks"."due_date" is not null and "tasks"."due_date" < $2 and "projects"."is_archived" = $3 and "users"."overdue_tasks_reminders_enabled" = $4 and "users"."timezone" = $5 and "users"."overdue_tasks_reminders_time" = $6 and "users"."status" in ($7, $8) and "users"."email" <> $9 and not exists (select "overdue_digests"."id"
  from "overdue_digests"
  where "overdue_digests"."user_id" = "users"."id" and "overdue_digests"."local_date" = $10);
select "tasks"."id", "tasks"."title", "tasks"."due_date", "tasks"."project_id", "projects"."title" as "project_title", "users"."id" as "user_id", "users"."username", "users"."name", "users"."email", "users"."timezone"
  from "tasks"
  inner join "projects" on "projects"."id" = "tasks"."project_id"
  inner join "task_assignees" on "task_assignees"."task_id" = "tasks"."id"
  inner join "users" on "users"."id" = "task_assignees"."user_id"
  where "tasks"."done" = $1 and "tasks"."due_date" is not null and "tasks"."due_date" < $2 and "projects"."is_archived" = $3 and "users"."overdue_tasks_reminders_enabled" = $4 and "users"."timezone" = $5 and "users"."overdue_tasks_reminders_time" = $6 and "users"."status" in ($7, $8) and "users"."email" <> $9 and not exists (select "overdue_digests"."id"
  from "overdue_digests"
  where "overdue_digests"."user_id" = "users"."id" and "overdue_digests"."local_date" = $10);

-- OverdueRepo.claim
-- sqlite
insert into "overdue_digests" ("user_id", "local_date", "created")
  values (?, ?, ?)
  on conflict ("user_id", "local_date") do nothing
  returning "id";
-- postgres
insert into "overdue_digests" ("user_id", "local_date", "created")
  values ($1, $2, $3)
  on conflict ("user_id", "local_date") do nothing
  returning "id";

-- OverdueRepo.release
-- sqlite
delete
  from "overdue_digests"
  where "user_id" = ? and "local_date" = ?;
-- postgres
delete
  from "overdue_digests"
  where "user_id" = $1 and "local_date" = $2;

-- OverdueRepo.forgetBefore
-- sqlite
delete
  from "overdue_digests"
  where "created" < ?;
-- postgres
delete
  from "overdue_digests"
  where "created" < $1;

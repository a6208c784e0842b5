-- The SQL of modules/notifications/reminder-deliveries-repo.ts, method by method, for SQLite and PostgreSQL.
-- Written by `npm run sql:snapshots` (packages/server/src/db/sql-snapshots); do not edit.

-- ReminderDeliveriesRepo.claimDue
-- sqlite
insert into "reminder_deliveries" ("task_id", "reminder", "created") select distinct "task_reminders"."task_id", "task_reminders"."reminder" as "reminder", ? as "created"
  from "task_reminders"
  inner join "tasks" on "tasks"."id" = "task_reminders"."task_id"
  where "task_reminders"."reminder" is not null and "task_reminders"."reminder" <= ? and "task_reminders"."reminder" > ? and "tasks"."done" = ?
  on conflict ("task_id", "reminder") do nothing
  returning "task_id", "reminder";
-- postgres
insert into "reminder_deliveries" ("task_id", "reminder", "created") select distinct "task_reminders"."task_id", "task_reminders"."reminder" as "reminder", $1 as "created"
  from "task_reminders"
  inner join "tasks" on "tasks"."id" = "task_reminders"."task_id"
  where "task_reminders"."reminder" is not null and "task_reminders"."reminder" <= $2 and "task_reminders"."reminder" > $3 and "tasks"."done" = $4
  on conflict ("task_id", "reminder") do nothing
  returning "task_id", "reminder";

-- ReminderDeliveriesRepo.forgetBefore
-- sqlite
delete
  from "reminder_deliveries"
  where "reminder" <= ?;
-- postgres
delete
  from "reminder_deliveries"
  where "reminder" <= $1;

-- ReminderDeliveriesRepo.peopleOf
-- sqlite
select "created_by_id"
  from "tasks"
  where "id" = ?;
select "user_id"
  from "task_assignees"
  where "task_id" = ?;
-- postgres
select "created_by_id"
  from "tasks"
  where "id" = $1;
select "user_id"
  from "task_assignees"
  where "task_id" = $1;

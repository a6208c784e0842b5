-- The SQL of modules/caldav/repo.ts, method by method, for SQLite and PostgreSQL.
-- Written by `npm run sql:snapshots` (packages/server/src/db/sql-snapshots); do not edit.

-- CaldavRepo.visibleProjects
-- sqlite
select *
  from "projects"
  where "id" in SELECT id FROM visible_projects and "is_archived" = ?
  order by "position", "id";
-- postgres
select *
  from "projects"
  where "id" in SELECT id FROM visible_projects and "is_archived" = $1
  order by "position", "id";

-- CaldavRepo.tasksOfProjects
-- sqlite
select *
  from "tasks"
  where "project_id" in (?, ?)
  order by "id";
select "co".*
  from "caldav_objects" as "co"
  inner join "tasks" as "t" on "t"."id" = "co"."task_id"
  where "t"."project_id" in (?, ?);
-- postgres
select *
  from "tasks"
  where "project_id" in ($1, $2)
  order by "id";
select "co".*
  from "caldav_objects" as "co"
  inner join "tasks" as "t" on "t"."id" = "co"."task_id"
  where "t"."project_id" in ($1, $2);

-- CaldavRepo.taskIdsForQuery
-- sqlite
select "id"
  from "tasks"
  where "project_id" = ? and "done" = ? and ("start_date" >= ? or "due_date" >= ? or "end_date" >= ? or "done_at" >= ? or "created" >= ? or (("start_date" is null or "start_date" < ?) and ("due_date" is null or "due_date" < ?) and ("done" = ? or ("done_at" is null or "done_at" < ?))) or (("start_date" is null or "start_date" < ?) and ("due_date" is null or "due_date" < ?) and "id" in (select "task_id"
  from "caldav_objects"
  where "project_id" = ?)) or "repeat_after" > ? or "repeat_mode" = ? or "repeat_rule" <> ? or "repeat_dates" = ?) and ("start_date" <= ? or "due_date" <= ? or "end_date" <= ? or "done_at" <= ? or "created" <= ? or (("start_date" is null or "start_date" < ?) and ("due_date" is null or "due_date" < ?) and "id" in (select "task_id"
  from "caldav_objects"
  where "project_id" = ?)) or "repeat_dates" = ?)
  order by "id";
-- postgres
select "id"
  from "tasks"
  where "project_id" = $1 and "done" = $2 and ("start_date" >= $3 or "due_date" >= $4 or "end_date" >= $5 or "done_at" >= $6 or "created" >= $7 or (("start_date" is null or "start_date" < $8) and ("due_date" is null or "due_date" < $9) and ("done" = $10 or ("done_at" is null or "done_at" < $11))) or (("start_date" is null or "start_date" < $12) and ("due_date" is null or "due_date" < $13) and "id" in (select "task_id"
  from "caldav_objects"
  where "project_id" = $14)) or "repeat_after" > $15 or "repeat_mode" = $16 or "repeat_rule" <> $17 or "repeat_dates" = $18) and ("start_date" <= $19 or "due_date" <= $20 or "end_date" <= $21 or "done_at" <= $22 or "created" <= $23 or (("start_date" is null or "start_date" < $24) and ("due_date" is null or "due_date" < $25) and "id" in (select "task_id"
  from "caldav_objects"
  where "project_id" = $26)) or "repeat_dates" = $27)
  order by "id";

-- CaldavRepo.tasksByName
-- sqlite
select *
  from "tasks"
  where "project_id" = ? and ("id" in (select "task_id"
  from "caldav_objects"
  where "project_id" = ? and "href" in (?, ?)) or "uid" in (?, ?))
  order by "id";
-- postgres
select *
  from "tasks"
  where "project_id" = $1 and ("id" in (select "task_id"
  from "caldav_objects"
  where "project_id" = $2 and "href" in ($3, $4)) or "uid" in ($5, $6))
  order by "id";

-- CaldavRepo.storedOf
-- sqlite
select *
  from "caldav_objects"
  where "task_id" = ?;
-- postgres
select *
  from "caldav_objects"
  where "task_id" = $1;

-- CaldavRepo.storedMentioning
-- sqlite
select "co".*
  from "caldav_objects" as "co"
  inner join "tasks" as "t" on "t"."id" = "co"."task_id"
  where "t"."project_id" in SELECT id FROM visible_projects and co.ics like ? escape '\'
  order by "co"."task_id";
-- postgres
select "co".*
  from "caldav_objects" as "co"
  inner join "tasks" as "t" on "t"."id" = "co"."task_id"
  where "t"."project_id" in SELECT id FROM visible_projects and co.ics like $1 escape '\'
  order by "co"."task_id";

-- CaldavRepo.taskByUid
-- sqlite
select *
  from "tasks"
  where "project_id" = ? and "uid" = ?
  order by "id";
-- postgres
select *
  from "tasks"
  where "project_id" = $1 and "uid" = $2
  order by "id";

-- CaldavRepo.store
-- sqlite
begin;
delete
  from "caldav_objects"
  where "project_id" = ? and "task_id" <> ? and ("href" = ? or "uid" = ?) and "task_id" not in (select "id"
  from "tasks"
  where "project_id" = ?);
insert into "caldav_objects" ("task_id", "uid", "ics")
  values (?, ?, ?)
  on conflict ("task_id") do update
  set "uid" = ?, "ics" = ?;
update "tasks"
  set "uid" = ?, "repeat_rule" = ?, "repeat_dates" = ?, "caldav_sequence" = ?
  where "id" = ?;
commit;
-- postgres
begin;
delete
  from "caldav_objects"
  where "project_id" = $1 and "task_id" <> $2 and ("href" = $3 or "uid" = $4) and "task_id" not in (select "id"
  from "tasks"
  where "project_id" = $5);
insert into "caldav_objects" ("task_id", "uid", "ics")
  values ($1, $2, $3)
  on conflict ("task_id") do update
  set "uid" = $4, "ics" = $5;
update "tasks"
  set "uid" = $1, "repeat_rule" = $2, "repeat_dates" = $3, "caldav_sequence" = $4
  where "id" = $5;
commit;

-- CaldavRepo.taskIdsOf
-- sqlite
select "id"
  from "tasks"
  where "project_id" = ?
  order by "id";
-- postgres
select "id"
  from "tasks"
  where "project_id" = $1
  order by "id";

-- CaldavRepo.tasksById
-- sqlite
select *
  from "tasks"
  where "project_id" = ? and "id" in (?, ?)
  order by "id";
-- postgres
select *
  from "tasks"
  where "project_id" = $1 and "id" in ($2, $3)
  order by "id";

-- CaldavRepo.uidsOf
-- sqlite
select "id", "uid"
  from "tasks"
  where "id" in (?, ?);
-- postgres
select "id", "uid"
  from "tasks"
  where "id" in ($1, $2);

-- CaldavRepo.visibleTaskIdsByUid
-- sqlite
select "id", "uid"
  from "tasks"
  where "uid" in (?) and "project_id" in SELECT id FROM visible_projects
  order by "id";
-- postgres
select "id", "uid"
  from "tasks"
  where "uid" in ($1) and "project_id" in SELECT id FROM visible_projects
  order by "id";

-- CaldavRepo.hasTotp
-- sqlite
select "enabled"
  from "totp"
  where "user_id" = ?;
-- postgres
select "enabled"
  from "totp"
  where "user_id" = $1;

-- The SQL of modules/tasks/repo.ts, method by method, for SQLite and PostgreSQL.
-- Written by `npm run sql:snapshots` (packages/server/src/db/sql-snapshots); do not edit.

-- TasksRepo.find
-- sqlite
select *
  from "tasks"
  where "id" = ?;
-- postgres
select *
  from "tasks"
  where "id" = $1;

-- TasksRepo.findForUpdate
-- sqlite
select *
  from "tasks"
  where "id" = ?;
-- postgres
select *
  from "tasks"
  where "id" = $1 for update;

-- TasksRepo.findMany
-- sqlite
select *
  from "tasks"
  where "id" in (?, ?);
-- postgres
select *
  from "tasks"
  where "id" in ($1, $2);

-- TasksRepo.projectExists
-- sqlite
select "id"
  from "projects"
  where "id" = ?;
-- postgres
select "id"
  from "projects"
  where "id" = $1;

-- TasksRepo.copyParts
-- sqlite
select "user_id"
  from "task_assignees"
  where "task_id" = ?
  order by "id";
select "reminder", "relative_period", "relative_to"
  from "task_reminders"
  where "task_id" = ?
  order by "id";
select "label_id"
  from "label_tasks"
  where "task_id" = ?
  order by "id";
insert into "task_assignees" ("task_id", "user_id", "created")
  values (?, ?, ?);
insert into "task_reminders" ("reminder", "relative_period", "relative_to", "task_id", "created")
  values (?, ?, ?, ?, ?);
insert into "label_tasks" ("task_id", "label_id", "created")
  values (?, ?, ?);
-- postgres
select "user_id"
  from "task_assignees"
  where "task_id" = $1
  order by "id";
select "reminder", "relative_period", "relative_to"
  from "task_reminders"
  where "task_id" = $1
  order by "id";
select "label_id"
  from "label_tasks"
  where "task_id" = $1
  order by "id";
insert into "task_assignees" ("task_id", "user_id", "created")
  values ($1, $2, $3);
insert into "task_reminders" ("reminder", "relative_period", "relative_to", "task_id", "created")
  values ($1, $2, $3, $4, $5);
insert into "label_tasks" ("task_id", "label_id", "created")
  values ($1, $2, $3);

-- TasksRepo.findByIndex
-- sqlite
select *
  from "tasks"
  where "project_id" = ? and "index" = ?;
-- postgres
select *
  from "tasks"
  where "project_id" = $1 and "index" = $2;

-- TasksRepo.insert
-- sqlite
insert into "tasks" ("id", "title", "project_id", "created", "updated", "uid", "index", "created_by_id")
  values (?, ?, ?, ?, ?, ?, ?, ?)
  returning *;
-- postgres
insert into "tasks" ("id", "title", "project_id", "created", "updated", "uid", "index", "created_by_id")
  values ($1, $2, $3, $4, $5, $6, $7, $8)
  returning *;

-- TasksRepo.update
-- sqlite
update "tasks"
  set "title" = ?, "updated" = ?
  where "id" = ?;
-- postgres
update "tasks"
  set "title" = $1, "updated" = $2
  where "id" = $3;

-- TasksRepo.update (a new revision of its VTODO)
-- sqlite
update "tasks"
  set "title" = ?, "updated" = ?, "caldav_sequence" = "caldav_sequence" + 1
  where "id" = ?;
-- postgres
update "tasks"
  set "title" = $1, "updated" = $2, "caldav_sequence" = "caldav_sequence" + 1
  where "id" = $3;

-- TasksRepo.reviseVtodos
-- sqlite
update "tasks"
  set "caldav_sequence" = "caldav_sequence" + 1
  where "id" in (?, ?);
-- postgres
update "tasks"
  set "caldav_sequence" = "caldav_sequence" + 1
  where "id" in ($1, $2);

-- TasksRepo.deleteMany
-- sqlite
insert into "retired_task_indexes" ("project_id", "task_index") select "project_id", max("index") as "task_index"
  from "tasks"
  where "id" in (?, ?)
  group by "project_id"
  on conflict ("project_id") do update
  set "task_index" = "excluded"."task_index"
  where "retired_task_indexes"."task_index" < "excluded"."task_index";
delete
  from "tasks"
  where "id" in (?, ?);
-- postgres
insert into "retired_task_indexes" ("project_id", "task_index") select "project_id", max("index") as "task_index"
  from "tasks"
  where "id" in ($1, $2)
  group by "project_id"
  on conflict ("project_id") do update
  set "task_index" = "excluded"."task_index"
  where "retired_task_indexes"."task_index" < "excluded"."task_index";
delete
  from "tasks"
  where "id" in ($1, $2);

-- TasksRepo.retireIndexes
-- sqlite
insert into "retired_task_indexes" ("project_id", "task_index") select "project_id", max("index") as "task_index"
  from "tasks"
  where "id" in (?, ?)
  group by "project_id"
  on conflict ("project_id") do update
  set "task_index" = "excluded"."task_index"
  where "retired_task_indexes"."task_index" < "excluded"."task_index";
-- postgres
insert into "retired_task_indexes" ("project_id", "task_index") select "project_id", max("index") as "task_index"
  from "tasks"
  where "id" in ($1, $2)
  group by "project_id"
  on conflict ("project_id") do update
  set "task_index" = "excluded"."task_index"
  where "retired_task_indexes"."task_index" < "excluded"."task_index";

-- TasksRepo.nextIndex
-- sqlite
select (select max("index") as "live"
  from "tasks"
  where "project_id" = ?) as "live", (select "task_index"
  from "retired_task_indexes"
  where "project_id" = ?) as "retired";
-- postgres
select "id"
  from "projects"
  where "id" = $1 for no key update;
select (select max("index") as "live"
  from "tasks"
  where "project_id" = $1) as "live", (select "task_index"
  from "retired_task_indexes"
  where "project_id" = $2) as "retired";

-- TasksRepo.timeZoneOf
-- sqlite
select "timezone"
  from "users"
  where "id" = ?;
-- postgres
select "timezone"
  from "users"
  where "id" = $1;

-- TasksRepo.indexTaken
-- sqlite
select "id"
  from "tasks"
  where "project_id" = ? and "index" = ?;
-- postgres
select "id"
  from "projects"
  where "id" = $1 for no key update;
select "id"
  from "tasks"
  where "project_id" = $1 and "index" = $2;

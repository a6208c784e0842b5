-- The SQL of modules/labels/repo.ts, method by method, for SQLite and PostgreSQL.
-- Written by `npm run sql:snapshots` (packages/server/src/db/sql-snapshots); do not edit.

-- LabelsRepo.find
-- sqlite
select *
  from "labels"
  where "id" = ?;
-- postgres
select *
  from "labels"
  where "id" = $1;

-- LabelsRepo.findMany
-- sqlite
select *
  from "labels"
  where "id" in (?, ?);
-- postgres
select *
  from "labels"
  where "id" in ($1, $2);

-- LabelsRepo.labelsOfTasks
-- sqlite
select "labels".*, "label_tasks"."task_id"
  from "label_tasks"
  inner join "labels" on "labels"."id" = "label_tasks"."label_id"
  where "label_tasks"."task_id" in (?, ?)
  order by "labels"."title", "labels"."id";
-- postgres
select "labels".*, "label_tasks"."task_id"
  from "label_tasks"
  inner join "labels" on "labels"."id" = "label_tasks"."label_id"
  where "label_tasks"."task_id" = any($1)
  order by "labels"."title", "labels"."id";

-- LabelsRepo.listVisible
-- sqlite
select "labels".*
  from "labels"
  where ("labels"."created_by_id" = ? or exists (select "label_tasks"."id"
  from "label_tasks"
  inner join "tasks" on "tasks"."id" = "label_tasks"."task_id"
  where "label_tasks"."label_id" = "labels"."id" and "tasks"."project_id" in SELECT id FROM visible_projects)) and ordo_lower("labels"."title") LIKE ? ESCAPE '\'
  order by "labels"."title", "labels"."id"
  limit ? offset ?;
select count(*) as "n"
  from "labels"
  where ("labels"."created_by_id" = ? or exists (select "label_tasks"."id"
  from "label_tasks"
  inner join "tasks" on "tasks"."id" = "label_tasks"."task_id"
  where "label_tasks"."label_id" = "labels"."id" and "tasks"."project_id" in SELECT id FROM visible_projects)) and ordo_lower("labels"."title") LIKE ? ESCAPE '\';
-- postgres
select "labels".*
  from "labels"
  where ("labels"."created_by_id" = $1 or exists (select "label_tasks"."id"
  from "label_tasks"
  inner join "tasks" on "tasks"."id" = "label_tasks"."task_id"
  where "label_tasks"."label_id" = "labels"."id" and "tasks"."project_id" in SELECT id FROM visible_projects)) and ordo_lower("labels"."title") LIKE $2 ESCAPE '\'
  order by "labels"."title", "labels"."id"
  limit $3 offset $4;
select count(*) as "n"
  from "labels"
  where ("labels"."created_by_id" = $1 or exists (select "label_tasks"."id"
  from "label_tasks"
  inner join "tasks" on "tasks"."id" = "label_tasks"."task_id"
  where "label_tasks"."label_id" = "labels"."id" and "tasks"."project_id" in SELECT id FROM visible_projects)) and ordo_lower("labels"."title") LIKE $2 ESCAPE '\';

-- LabelsRepo.listVisible (by id)
-- sqlite
select "labels".*
  from "labels"
  where ("labels"."created_by_id" = ? or exists (select "label_tasks"."id"
  from "label_tasks"
  inner join "tasks" on "tasks"."id" = "label_tasks"."task_id"
  where "label_tasks"."label_id" = "labels"."id" and "tasks"."project_id" in SELECT id FROM visible_projects)) and "labels"."id" in (?, ?)
  order by "labels"."title", "labels"."id";
select count(*) as "n"
  from "labels"
  where ("labels"."created_by_id" = ? or exists (select "label_tasks"."id"
  from "label_tasks"
  inner join "tasks" on "tasks"."id" = "label_tasks"."task_id"
  where "label_tasks"."label_id" = "labels"."id" and "tasks"."project_id" in SELECT id FROM visible_projects)) and "labels"."id" in (?, ?);
-- postgres
select "labels".*
  from "labels"
  where ("labels"."created_by_id" = $1 or exists (select "label_tasks"."id"
  from "label_tasks"
  inner join "tasks" on "tasks"."id" = "label_tasks"."task_id"
  where "label_tasks"."label_id" = "labels"."id" and "tasks"."project_id" in SELECT id FROM visible_projects)) and "labels"."id" in ($2, $3)
  order by "labels"."title", "labels"."id";
select count(*) as "n"
  from "labels"
  where ("labels"."created_by_id" = $1 or exists (select "label_tasks"."id"
  from "label_tasks"
  inner join "tasks" on "tasks"."id" = "label_tasks"."task_id"
  where "label_tasks"."label_id" = "labels"."id" and "tasks"."project_id" in SELECT id FROM visible_projects)) and "labels"."id" in ($2, $3);

-- LabelsRepo.insert
-- sqlite
insert into "labels" ("title", "description", "hex_color", "created_by_id", "created", "updated")
  values (?, ?, ?, ?, ?, ?)
  returning *;
-- postgres
insert into "labels" ("title", "description", "hex_color", "created_by_id", "created", "updated")
  values ($1, $2, $3, $4, $5, $6)
  returning *;

-- LabelsRepo.update
-- sqlite
update "labels"
  set "title" = ?, "updated" = ?
  where "id" = ?;
-- postgres
update "labels"
  set "title" = $1, "updated" = $2
  where "id" = $3;

-- LabelsRepo.delete
-- sqlite
delete
  from "labels"
  where "id" = ?;
-- postgres
delete
  from "labels"
  where "id" = $1;

-- LabelsRepo.reviseVtodosOfLabel
-- sqlite
update "tasks"
  set "caldav_sequence" = "caldav_sequence" + 1
  where "id" in (select "task_id"
  from "label_tasks"
  where "label_id" = ?);
-- postgres
update "tasks"
  set "caldav_sequence" = "caldav_sequence" + 1
  where "id" in (select "task_id"
  from "label_tasks"
  where "label_id" = $1);

-- LabelsRepo.projectIdsOf
-- sqlite
select distinct "tasks"."project_id"
  from "label_tasks"
  inner join "tasks" on "tasks"."id" = "label_tasks"."task_id"
  where "label_tasks"."label_id" = ?;
-- postgres
select distinct "tasks"."project_id"
  from "label_tasks"
  inner join "tasks" on "tasks"."id" = "label_tasks"."task_id"
  where "label_tasks"."label_id" = $1;

-- LabelsRepo.pageOfTask
-- sqlite
select "labels".*
  from "label_tasks"
  inner join "labels" on "labels"."id" = "label_tasks"."label_id"
  where "label_tasks"."task_id" = ? and ordo_lower("labels"."title") LIKE ? ESCAPE '\'
  order by "labels"."title", "labels"."id"
  limit ? offset ?;
select count(*) as "n"
  from "label_tasks"
  inner join "labels" on "labels"."id" = "label_tasks"."label_id"
  where "label_tasks"."task_id" = ? and ordo_lower("labels"."title") LIKE ? ESCAPE '\';
-- postgres
select "labels".*
  from "label_tasks"
  inner join "labels" on "labels"."id" = "label_tasks"."label_id"
  where "label_tasks"."task_id" = $1 and ordo_lower("labels"."title") LIKE $2 ESCAPE '\'
  order by "labels"."title", "labels"."id"
  limit $3 offset $4;
select count(*) as "n"
  from "label_tasks"
  inner join "labels" on "labels"."id" = "label_tasks"."label_id"
  where "label_tasks"."task_id" = $1 and ordo_lower("labels"."title") LIKE $2 ESCAPE '\';

-- LabelsRepo.isOnTask
-- sqlite
select "id"
  from "label_tasks"
  where "task_id" = ? and "label_id" = ?;
-- postgres
select "id"
  from "label_tasks"
  where "task_id" = $1 and "label_id" = $2;

-- LabelsRepo.attach
-- sqlite
insert into "label_tasks" ("task_id", "label_id", "created")
  values (?, ?, ?), (?, ?, ?);
-- postgres
insert into "label_tasks" ("task_id", "label_id", "created")
  values ($1, $2, $3), ($4, $5, $6);

-- LabelsRepo.detach
-- sqlite
delete
  from "label_tasks"
  where "task_id" = ? and "label_id" in (?);
-- postgres
delete
  from "label_tasks"
  where "task_id" = $1 and "label_id" in ($2);

-- LabelsRepo.attachPairs
-- sqlite
insert into "label_tasks" ("task_id", "label_id", "created")
  values (?, ?, ?), (?, ?, ?);
-- postgres
insert into "label_tasks" ("task_id", "label_id", "created")
  values ($1, $2, $3), ($4, $5, $6);

-- LabelsRepo.detachFromTasks
-- sqlite
delete
  from "label_tasks"
  where "task_id" in (?, ?) and "label_id" in (?);
-- postgres
delete
  from "label_tasks"
  where "task_id" in ($1, $2) and "label_id" in ($3);

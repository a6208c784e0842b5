-- The SQL of modules/custom-fields/repo.ts, method by method, for SQLite and PostgreSQL.
-- Written by `npm run sql:snapshots` (packages/server/src/db/sql-snapshots); do not edit.

-- CustomFieldsRepo.valuesOfTasks
-- sqlite
select "v".*, "f"."kind"
  from "task_field_values" as "v"
  inner join "project_fields" as "f" on "f"."id" = "v"."field_id"
  where "v"."task_id" in (?, ?)
  order by "v"."id";
-- postgres
select "v".*, "f"."kind"
  from "task_field_values" as "v"
  inner join "project_fields" as "f" on "f"."id" = "v"."field_id"
  where "v"."task_id" = any($1)
  order by "v"."id";

-- CustomFieldsRepo.usersById
-- sqlite
select *
  from "users"
  where "id" in (?, ?);
-- postgres
select *
  from "users"
  where "id" = any($1);

-- CustomFieldsRepo.ofProject
-- sqlite
select *
  from "project_fields"
  where "project_id" in (?)
  order by "project_id", "position", "id";
-- postgres
select *
  from "project_fields"
  where "project_id" in ($1)
  order by "project_id", "position", "id";

-- CustomFieldsRepo.ofProjects (visible)
-- sqlite
select *
  from "project_fields"
  where "project_id" in SELECT id FROM visible_projects
  order by "project_id", "position", "id";
-- postgres
select *
  from "project_fields"
  where "project_id" in SELECT id FROM visible_projects
  order by "project_id", "position", "id";

-- CustomFieldsRepo.readableAmong
-- sqlite
select count(*) as "count"
  from "project_fields"
  where "id" in (?, ?) and "project_id" in SELECT id FROM visible_projects;
-- postgres
select count(*) as "count"
  from "project_fields"
  where "id" in ($1, $2) and "project_id" in SELECT id FROM visible_projects;

-- CustomFieldsRepo.find
-- sqlite
select *
  from "project_fields"
  where "id" = ?;
-- postgres
select *
  from "project_fields"
  where "id" = $1;

-- CustomFieldsRepo.findMany
-- sqlite
select *
  from "project_fields"
  where "id" in (?, ?);
-- postgres
select *
  from "project_fields"
  where "id" in ($1, $2);

-- CustomFieldsRepo.lastPosition
-- sqlite
select max("position") as "last"
  from "project_fields"
  where "project_id" = ?;
-- postgres
select max("position") as "last"
  from "project_fields"
  where "project_id" = $1;

-- CustomFieldsRepo.insert
-- sqlite
insert into "project_fields" ("project_id", "title", "kind", "options", "position", "created", "updated")
  values (?, ?, ?, ?, ?, ?, ?)
  returning *;
-- postgres
insert into "project_fields" ("project_id", "title", "kind", "options", "position", "created", "updated")
  values ($1, $2, $3, $4, $5, $6, $7)
  returning *;

-- CustomFieldsRepo.update
-- sqlite
update "project_fields"
  set "title" = ?, "updated" = ?
  where "id" = ?;
-- postgres
update "project_fields"
  set "title" = $1, "updated" = $2
  where "id" = $3;

-- CustomFieldsRepo.delete
-- sqlite
delete
  from "task_field_values"
  where "field_id" = ?;
delete
  from "project_fields"
  where "id" = ?;
-- postgres
delete
  from "task_field_values"
  where "field_id" = $1;
delete
  from "project_fields"
  where "id" = $1;

-- CustomFieldsRepo.removeOptions
-- sqlite
delete
  from "task_field_values"
  where "field_id" = ? and "text_value" in (?, ?);
-- postgres
delete
  from "task_field_values"
  where "field_id" = $1 and "text_value" in ($2, $3);

-- CustomFieldsRepo.keepOptions
-- sqlite
delete
  from "task_field_values"
  where "task_id" = ? and "field_id" = ? and "text_value" not in (?, ?);
-- postgres
delete
  from "task_field_values"
  where "task_id" = $1 and "field_id" = $2 and "text_value" not in ($3, $4);

-- CustomFieldsRepo.valuesOf
-- sqlite
select *
  from "task_field_values"
  where "task_id" = ? and "field_id" in (?, ?)
  order by "id";
-- postgres
select *
  from "task_field_values"
  where "task_id" = $1 and "field_id" in ($2, $3)
  order by "id";

-- CustomFieldsRepo.replace
-- sqlite
delete
  from "task_field_values"
  where "task_id" = ? and "field_id" in (?);
insert into "task_field_values" ("task_id", "field_id", "num_value", "text_value")
  values (?, ?, ?, ?);
-- postgres
delete
  from "task_field_values"
  where "task_id" = $1 and "field_id" in ($2);
insert into "task_field_values" ("task_id", "field_id", "num_value", "text_value")
  values ($1, $2, $3, $4);

-- CustomFieldsRepo.insertValues
-- sqlite
insert into "task_field_values" ("task_id", "field_id", "num_value", "text_value")
  values (?, ?, ?, ?);
-- postgres
insert into "task_field_values" ("task_id", "field_id", "num_value", "text_value")
  values ($1, $2, $3, $4);

-- CustomFieldsRepo.allValuesOf
-- sqlite
select *
  from "task_field_values"
  where "task_id" in (?, ?)
  order by "id";
-- postgres
select *
  from "task_field_values"
  where "task_id" in ($1, $2)
  order by "id";

-- CustomFieldsRepo.copyValues
-- sqlite
select *
  from "task_field_values"
  where "task_id" in (?)
  order by "id";
insert into "task_field_values" ("task_id", "field_id", "num_value")
  values (?, ?, ?);
-- postgres
select *
  from "task_field_values"
  where "task_id" in ($1)
  order by "id";
insert into "task_field_values" ("task_id", "field_id", "num_value")
  values ($1, $2, $3);

-- CustomFieldsRepo.remap
-- sqlite
update "task_field_values"
  set "field_id" = ?
  where "task_id" = ? and "field_id" = ?;
delete
  from "task_field_values"
  where "task_id" = ? and "field_id" not in (?);
-- postgres
update "task_field_values"
  set "field_id" = $1
  where "task_id" = $2 and "field_id" = $3;
delete
  from "task_field_values"
  where "task_id" = $1 and "field_id" not in ($2);

-- CustomFieldsRepo.users
-- sqlite
select *
  from "users"
  where "id" in (?);
-- postgres
select *
  from "users"
  where "id" in ($1);

-- The SQL of modules/tasks/list-repo.ts, method by method, for SQLite and PostgreSQL.
-- Written by `npm run sql:snapshots` (packages/server/src/db/sql-snapshots); do not edit.

-- TaskListRepo.list (no view, id order: counted, then the sorted page)
-- sqlite
select "s"."v", case when "s"."v" = ? then ? else (select count(*) as "n"
  from "tasks"
  where "tasks"."project_id" in (?, ?, ?) and ("tasks"."priority" in (?, ?, ?) and "tasks"."due_date" < ?)) end as "n"
  from (select coalesce(sum("version"), 0) as "v"
  from "project_list_versions"
  where "project_id" in (?, ?, ?, ?)) as "s";
select max("id") as "n"
  from "tasks";
select "tasks".*, "tp"."position" as "view_position", "tb"."bucket_id" as "view_bucket_id"
  from "tasks"
  left join (select NULL as "task_id", NULL as "project_view_id", NULL as "position") as "tp" on true
  left join (select NULL as "task_id", NULL as "project_view_id", NULL as "bucket_id", NULL as "position") as "tb" on true
  where "tasks"."project_id" in (?, ?, ?) and ("tasks"."priority" in (?, ?, ?) and "tasks"."due_date" < ?)
  order by "tasks"."id" asc
  limit ? offset ?;
-- postgres
select "s"."v", case when "s"."v" = $1 then $2 else (select count(*) as "n"
  from "tasks"
  where "tasks"."project_id" in ($3, $4, $5) and ("tasks"."priority" in ($6, $7, $8) and "tasks"."due_date" < $9)) end as "n"
  from (select coalesce(sum("version"), 0) as "v"
  from "project_list_versions"
  where "project_id" in ($10, $11, $12, $13)) as "s";
select "tasks".*, "tp"."position" as "view_position", "tb"."bucket_id" as "view_bucket_id"
  from "tasks"
  left join (select NULL as "task_id", NULL as "project_view_id", NULL as "position") as "tp" on true
  left join (select NULL as "task_id", NULL as "project_view_id", NULL as "bucket_id", NULL as "position") as "tb" on true
  where "tasks"."project_id" in ($1, $2, $3) and ("tasks"."priority" in ($4, $5, $6) and "tasks"."due_date" < $7)
  order by "tasks"."id" asc
  limit 50 offset 0;

-- TaskListRepo.list (no view, id order: counted, then the table walked in id order)
-- sqlite
select "s"."v", case when "s"."v" = ? then ? else (select count(*) as "n"
  from "tasks"
  where "tasks"."project_id" in (?, ?, ?) and ("tasks"."priority" in (?, ?, ?) and "tasks"."due_date" < ?)) end as "n"
  from (select coalesce(sum("version"), 0) as "v"
  from "project_list_versions"
  where "project_id" in (?, ?, ?, ?)) as "s";
select max("id") as "n"
  from "tasks";
select "tasks".*, "tp"."position" as "view_position", "tb"."bucket_id" as "view_bucket_id"
  from "tasks" NOT INDEXED
  left join (select NULL as "task_id", NULL as "project_view_id", NULL as "position") as "tp" on true
  left join (select NULL as "task_id", NULL as "project_view_id", NULL as "bucket_id", NULL as "position") as "tb" on true
  where "tasks"."project_id" in (?, ?, ?) and ("tasks"."priority" in (?, ?, ?) and "tasks"."due_date" < ?)
  order by "tasks"."id" asc
  limit ? offset ?;
-- postgres
select "s"."v", case when "s"."v" = $1 then $2 else (select count(*) as "n"
  from "tasks"
  where "tasks"."project_id" in ($3, $4, $5) and ("tasks"."priority" in ($6, $7, $8) and "tasks"."due_date" < $9)) end as "n"
  from (select coalesce(sum("version"), 0) as "v"
  from "project_list_versions"
  where "project_id" in ($10, $11, $12, $13)) as "s";
select "tasks".*, "tp"."position" as "view_position", "tb"."bucket_id" as "view_bucket_id"
  from "tasks"
  left join (select NULL as "task_id", NULL as "project_view_id", NULL as "position") as "tp" on true
  left join (select NULL as "task_id", NULL as "project_view_id", NULL as "bucket_id", NULL as "position") as "tb" on true
  where "tasks"."project_id" in ($1, $2, $3) and ("tasks"."priority" in ($4, $5, $6) and "tasks"."due_date" < $7)
  order by "tasks"."id" asc
  limit 50 offset 0;

-- TaskListRepo.list (no view, custom field filters, nulls included)
-- sqlite
select "s"."v", case when "s"."v" = ? then ? else (select count(*) as "n"
  from "tasks"
  where "tasks"."project_id" in (?, ?, ?) and ((("tasks"."id" in (select "cfv"."task_id"
  from "task_field_values" as "cfv"
  where "cfv"."field_id" in (?) and "cfv"."num_value" > ?) or not "tasks"."id" in (select "cfv"."task_id"
  from "task_field_values" as "cfv"
  where "cfv"."field_id" in (?))) and (("tasks"."id" in (select "cfv"."task_id"
  from "task_field_values" as "cfv"
  where "cfv"."field_id" in (?)) and not "tasks"."id" in (select "cfv"."task_id"
  from "task_field_values" as "cfv"
  where "cfv"."field_id" in (?) and "cfv"."text_value" = ?)) or not "tasks"."id" in (select "cfv"."task_id"
  from "task_field_values" as "cfv"
  where "cfv"."field_id" in (?)))) or ("tasks"."id" in (select "cfv"."task_id"
  from "task_field_values" as "cfv"
  where "cfv"."field_id" in (?) and "cfv"."num_value" in (select "users"."id"
  from "users"
  where "users"."username" in (?))) or not "tasks"."id" in (select "cfv"."task_id"
  from "task_field_values" as "cfv"
  where "cfv"."field_id" in (?))))) end as "n"
  from (select coalesce(sum("version"), 0) as "v"
  from "project_list_versions"
  where "project_id" in (?, ?, ?, ?)) as "s";
-- postgres
select "s"."v", case when "s"."v" = $1 then $2 else (select count(*) as "n"
  from "tasks"
  where "tasks"."project_id" in ($3, $4, $5) and ((("tasks"."id" in (select "cfv"."task_id"
  from "task_field_values" as "cfv"
  where "cfv"."field_id" in ($6) and "cfv"."num_value" > $7) or not "tasks"."id" in (select "cfv"."task_id"
  from "task_field_values" as "cfv"
  where "cfv"."field_id" in ($8))) and (("tasks"."id" in (select "cfv"."task_id"
  from "task_field_values" as "cfv"
  where "cfv"."field_id" in ($9)) and not "tasks"."id" in (select "cfv"."task_id"
  from "task_field_values" as "cfv"
  where "cfv"."field_id" in ($10) and "cfv"."text_value" = $11)) or not "tasks"."id" in (select "cfv"."task_id"
  from "task_field_values" as "cfv"
  where "cfv"."field_id" in ($12)))) or ("tasks"."id" in (select "cfv"."task_id"
  from "task_field_values" as "cfv"
  where "cfv"."field_id" in ($13) and "cfv"."num_value" in (select "users"."id"
  from "users"
  where "users"."username" in ($14))) or not "tasks"."id" in (select "cfv"."task_id"
  from "task_field_values" as "cfv"
  where "cfv"."field_id" in ($15))))) end as "n"
  from (select coalesce(sum("version"), 0) as "v"
  from "project_list_versions"
  where "project_id" in ($16, $17, $18, $19)) as "s";
select "tasks".*, "tp"."position" as "view_position", "tb"."bucket_id" as "view_bucket_id"
  from "tasks"
  left join (select NULL as "task_id", NULL as "project_view_id", NULL as "position") as "tp" on true
  left join (select NULL as "task_id", NULL as "project_view_id", NULL as "bucket_id", NULL as "position") as "tb" on true
  where "tasks"."project_id" in ($1, $2, $3) and ((("tasks"."id" in (select "cfv"."task_id"
  from "task_field_values" as "cfv"
  where "cfv"."field_id" in ($4) and "cfv"."num_value" > $5) or not "tasks"."id" in (select "cfv"."task_id"
  from "task_field_values" as "cfv"
  where "cfv"."field_id" in ($6))) and (("tasks"."id" in (select "cfv"."task_id"
  from "task_field_values" as "cfv"
  where "cfv"."field_id" in ($7)) and not "tasks"."id" in (select "cfv"."task_id"
  from "task_field_values" as "cfv"
  where "cfv"."field_id" in ($8) and "cfv"."text_value" = $9)) or not "tasks"."id" in (select "cfv"."task_id"
  from "task_field_values" as "cfv"
  where "cfv"."field_id" in ($10)))) or ("tasks"."id" in (select "cfv"."task_id"
  from "task_field_values" as "cfv"
  where "cfv"."field_id" in ($11) and "cfv"."num_value" in (select "users"."id"
  from "users"
  where "users"."username" in ($12))) or not "tasks"."id" in (select "cfv"."task_id"
  from "task_field_values" as "cfv"
  where "cfv"."field_id" in ($13))))
  order by "tasks"."id" asc
  limit 50 offset 0;

-- TaskListRepo.list (no view, one custom field condition: counted from its values, the table walked)
-- sqlite
select count(*) as "n"
  from "task_field_values" as "cfv"
  where "cfv"."field_id" in (?) and "cfv"."num_value" > ?;
select max("id") as "n"
  from "tasks";
select "tasks".*, "tp"."position" as "view_position", "tb"."bucket_id" as "view_bucket_id"
  from "tasks" NOT INDEXED
  left join (select NULL as "task_id", NULL as "project_view_id", NULL as "position") as "tp" on true
  left join (select NULL as "task_id", NULL as "project_view_id", NULL as "bucket_id", NULL as "position") as "tb" on true
  where "tasks"."project_id" in (?, ?, ?) and exists (select "cfv"."id"
  from "task_field_values" as "cfv"
  where "cfv"."field_id" in (?) and "cfv"."num_value" > ? and "cfv"."task_id" = "tasks"."id")
  order by "tasks"."id" asc
  limit ? offset ?;
-- postgres
select count(*) as "n"
  from "task_field_values" as "cfv"
  where "cfv"."field_id" in ($1) and "cfv"."num_value" > $2;
select "tasks".*, "tp"."position" as "view_position", "tb"."bucket_id" as "view_bucket_id"
  from "tasks"
  left join (select NULL as "task_id", NULL as "project_view_id", NULL as "position") as "tp" on true
  left join (select NULL as "task_id", NULL as "project_view_id", NULL as "bucket_id", NULL as "position") as "tb" on true
  where "tasks"."project_id" in ($1, $2, $3) and "tasks"."id" in (select "cfv"."task_id"
  from "task_field_values" as "cfv"
  where "cfv"."field_id" in ($4) and "cfv"."num_value" > $5)
  order by "tasks"."id" asc
  limit 50 offset 0;

-- TaskListRepo.list (no view, like on a column and a custom field: lower case of every letter)
-- sqlite
select "s"."v", case when "s"."v" = ? then ? else (select count(*) as "n"
  from "tasks"
  where "tasks"."project_id" in (?, ?, ?) and (ordo_lower("tasks"."title") LIKE ? or "tasks"."id" in (select "cfv"."task_id"
  from "task_field_values" as "cfv"
  where "cfv"."field_id" in (?) and ordo_lower("cfv"."text_value") LIKE ?))) end as "n"
  from (select coalesce(sum("version"), 0) as "v"
  from "project_list_versions"
  where "project_id" in (?, ?, ?, ?)) as "s";
-- postgres
select "s"."v", case when "s"."v" = $1 then $2 else (select count(*) as "n"
  from "tasks"
  where "tasks"."project_id" in ($3, $4, $5) and (ordo_lower("tasks"."title") LIKE $6 or "tasks"."id" in (select "cfv"."task_id"
  from "task_field_values" as "cfv"
  where "cfv"."field_id" in ($7) and ordo_lower("cfv"."text_value") LIKE $8))) end as "n"
  from (select coalesce(sum("version"), 0) as "v"
  from "project_list_versions"
  where "project_id" in ($9, $10, $11, $12)) as "s";
select "tasks".*, "tp"."position" as "view_position", "tb"."bucket_id" as "view_bucket_id"
  from "tasks"
  left join (select NULL as "task_id", NULL as "project_view_id", NULL as "position") as "tp" on true
  left join (select NULL as "task_id", NULL as "project_view_id", NULL as "bucket_id", NULL as "position") as "tb" on true
  where "tasks"."project_id" in ($1, $2, $3) and (ordo_lower("tasks"."title") LIKE $4 or "tasks"."id" in (select "cfv"."task_id"
  from "task_field_values" as "cfv"
  where "cfv"."field_id" in ($5) and ordo_lower("cfv"."text_value") LIKE $6))
  order by "tasks"."id" asc
  limit 50 offset 0;

-- TaskListRepo.list (no view, sorted by a custom field)
-- sqlite
select "s"."v", case when "s"."v" = ? then ? else (select count(*) as "n"
  from "tasks"
  where "tasks"."project_id" in (?, ?, ?) and ("tasks"."priority" in (?, ?, ?) and "tasks"."due_date" < ?)) end as "n"
  from (select coalesce(sum("version"), 0) as "v"
  from "project_list_versions"
  where "project_id" in (?, ?, ?, ?)) as "s";
select "tasks".*, "tp"."position" as "view_position", "tb"."bucket_id" as "view_bucket_id"
  from "tasks"
  left join (select NULL as "task_id", NULL as "project_view_id", NULL as "position") as "tp" on true
  left join (select NULL as "task_id", NULL as "project_view_id", NULL as "bucket_id", NULL as "position") as "tb" on true
  where "tasks"."project_id" in (?, ?, ?) and ("tasks"."priority" in (?, ?, ?) and "tasks"."due_date" < ?)
  order by (NOT EXISTS (SELECT 1 FROM task_field_values cfs WHERE cfs.task_id = tasks.id AND cfs.field_id = 7)), (SELECT min("cfs"."num_value") FROM task_field_values cfs WHERE cfs.task_id = tasks.id AND cfs.field_id = 7) desc, (SELECT min("cfs"."text_value") FROM task_field_values cfs WHERE cfs.task_id = tasks.id AND cfs.field_id = 7) desc, "tasks"."id" asc
  limit ? offset ?;
-- postgres
select "s"."v", case when "s"."v" = $1 then $2 else (select count(*) as "n"
  from "tasks"
  where "tasks"."project_id" in ($3, $4, $5) and ("tasks"."priority" in ($6, $7, $8) and "tasks"."due_date" < $9)) end as "n"
  from (select coalesce(sum("version"), 0) as "v"
  from "project_list_versions"
  where "project_id" in ($10, $11, $12, $13)) as "s";
select "tasks".*, "tp"."position" as "view_position", "tb"."bucket_id" as "view_bucket_id"
  from "tasks"
  left join (select NULL as "task_id", NULL as "project_view_id", NULL as "position") as "tp" on true
  left join (select NULL as "task_id", NULL as "project_view_id", NULL as "bucket_id", NULL as "position") as "tb" on true
  where "tasks"."project_id" in ($1, $2, $3) and ("tasks"."priority" in ($4, $5, $6) and "tasks"."due_date" < $7)
  order by (NOT EXISTS (SELECT 1 FROM task_field_values cfs WHERE cfs.task_id = tasks.id AND cfs.field_id = 7)), (SELECT min("cfs"."num_value") FROM task_field_values cfs WHERE cfs.task_id = tasks.id AND cfs.field_id = 7) desc, (SELECT min("cfs"."text_value") FROM task_field_values cfs WHERE cfs.task_id = tasks.id AND cfs.field_id = 7) desc, "tasks"."id" asc
  limit 50 offset 0;

-- TaskListRepo.list (no view, sorted by due date)
-- sqlite
select "s"."v", case when "s"."v" = ? then ? else (select count(*) as "n"
  from "tasks"
  where "tasks"."project_id" in (?, ?, ?) and ("tasks"."priority" in (?, ?, ?) and "tasks"."due_date" < ?)) end as "n"
  from (select coalesce(sum("version"), 0) as "v"
  from "project_list_versions"
  where "project_id" in (?, ?, ?, ?)) as "s";
select "tasks".*, "tp"."position" as "view_position", "tb"."bucket_id" as "view_bucket_id"
  from "tasks"
  left join (select NULL as "task_id", NULL as "project_view_id", NULL as "position") as "tp" on true
  left join (select NULL as "task_id", NULL as "project_view_id", NULL as "bucket_id", NULL as "position") as "tb" on true
  where "tasks"."project_id" in (?, ?, ?) and ("tasks"."priority" in (?, ?, ?) and "tasks"."due_date" < ?)
  order by ("tasks"."due_date" IS NULL), "tasks"."due_date" asc, "tasks"."id" asc
  limit ? offset ?;
-- postgres
select "s"."v", case when "s"."v" = $1 then $2 else (select count(*) as "n"
  from "tasks"
  where "tasks"."project_id" in ($3, $4, $5) and ("tasks"."priority" in ($6, $7, $8) and "tasks"."due_date" < $9)) end as "n"
  from (select coalesce(sum("version"), 0) as "v"
  from "project_list_versions"
  where "project_id" in ($10, $11, $12, $13)) as "s";
select "tasks".*, "tp"."position" as "view_position", "tb"."bucket_id" as "view_bucket_id"
  from "tasks"
  left join (select NULL as "task_id", NULL as "project_view_id", NULL as "position") as "tp" on true
  left join (select NULL as "task_id", NULL as "project_view_id", NULL as "bucket_id", NULL as "position") as "tb" on true
  where "tasks"."project_id" in ($1, $2, $3) and ("tasks"."priority" in ($4, $5, $6) and "tasks"."due_date" < $7)
  order by ("tasks"."due_date" IS NULL), "tasks"."due_date" asc, "tasks"."id" asc
  limit 50 offset 0;

-- TaskListRepo.list (list view, by position, placed tasks fill the page)
-- sqlite
select "s"."v", case when "s"."v" = ? then ? else (select count(*) as "n"
  from "tasks"
  where "tasks"."project_id" in (?) and "tasks"."done" = ? and (not exists (select "any_ps"."task_id"
  from "project_subtasks" as "any_ps") or not exists (select "ps"."task_id"
  from "project_subtasks" as "ps"
  where "ps"."task_id" = "tasks"."id"))) end as "n"
  from (select coalesce(sum("version"), 0) as "v"
  from "project_list_versions"
  where "project_id" in (?, ?)) as "s";
select "tasks".*, "tp"."position" as "view_position", "tb"."bucket_id" as "view_bucket_id"
  from "task_positions" as "tp"
  cross join "tasks"
  left join (select NULL as "task_id", NULL as "project_view_id", NULL as "bucket_id", NULL as "position") as "tb" on true
  where "tasks"."id" = "tp"."task_id" and "tp"."project_view_id" = ? and "tasks"."project_id" in (?) and "tasks"."done" = ? and (not exists (select "any_ps"."task_id"
  from "project_subtasks" as "any_ps") or not exists (select "ps"."task_id"
  from "project_subtasks" as "ps"
  where "ps"."task_id" = "tasks"."id"))
  order by "tp"."position" asc, "tp"."task_id" asc
  limit ? offset ?;
-- postgres
select "s"."v", case when "s"."v" = $1 then $2 else (select count(*) as "n"
  from "tasks"
  where "tasks"."project_id" in ($3) and "tasks"."done" = $4 and (not exists (select "any_ps"."task_id"
  from "project_subtasks" as "any_ps") or not exists (select "ps"."task_id"
  from "project_subtasks" as "ps"
  where "ps"."task_id" = "tasks"."id"))) end as "n"
  from (select coalesce(sum("version"), 0) as "v"
  from "project_list_versions"
  where "project_id" in ($5, $6)) as "s";
select "tasks".*, "tp"."position" as "view_position", "tb"."bucket_id" as "view_bucket_id"
  from "task_positions" as "tp"
  cross join "tasks"
  left join (select NULL as "task_id", NULL as "project_view_id", NULL as "bucket_id", NULL as "position") as "tb" on true
  where "tasks"."id" = "tp"."task_id" and "tp"."project_view_id" = $1 and "tasks"."project_id" in ($2) and "tasks"."done" = $3 and (not exists (select "any_ps"."task_id"
  from "project_subtasks" as "any_ps") or not exists (select "ps"."task_id"
  from "project_subtasks" as "ps"
  where "ps"."task_id" = "tasks"."id"))
  order by "tp"."position" asc, "tp"."task_id" asc
  limit 50 offset 0;

-- TaskListRepo.list (list view, by position, unplaced tasks after the placed ones)
-- sqlite
select "s"."v", case when "s"."v" = ? then ? else (select count(*) as "n"
  from "tasks"
  where "tasks"."project_id" in (?) and "tasks"."done" = ? and (not exists (select "any_ps"."task_id"
  from "project_subtasks" as "any_ps") or not exists (select "ps"."task_id"
  from "project_subtasks" as "ps"
  where "ps"."task_id" = "tasks"."id"))) end as "n"
  from (select coalesce(sum("version"), 0) as "v"
  from "project_list_versions"
  where "project_id" in (?, ?)) as "s";
select "tasks".*, "tp"."position" as "view_position", "tb"."bucket_id" as "view_bucket_id"
  from "task_positions" as "tp"
  cross join "tasks"
  left join (select NULL as "task_id", NULL as "project_view_id", NULL as "bucket_id", NULL as "position") as "tb" on true
  where "tasks"."id" = "tp"."task_id" and "tp"."project_view_id" = ? and "tasks"."project_id" in (?) and "tasks"."done" = ? and (not exists (select "any_ps"."task_id"
  from "project_subtasks" as "any_ps") or not exists (select "ps"."task_id"
  from "project_subtasks" as "ps"
  where "ps"."task_id" = "tasks"."id"))
  order by "tp"."position" asc, "tp"."task_id" asc
  limit ? offset ?;
-- postgres
select "s"."v", case when "s"."v" = $1 then $2 else (select count(*) as "n"
  from "tasks"
  where "tasks"."project_id" in ($3) and "tasks"."done" = $4 and (not exists (select "any_ps"."task_id"
  from "project_subtasks" as "any_ps") or not exists (select "ps"."task_id"
  from "project_subtasks" as "ps"
  where "ps"."task_id" = "tasks"."id"))) end as "n"
  from (select coalesce(sum("version"), 0) as "v"
  from "project_list_versions"
  where "project_id" in ($5, $6)) as "s";
select "tasks".*, "tp"."position" as "view_position", "tb"."bucket_id" as "view_bucket_id"
  from "task_positions" as "tp"
  cross join "tasks"
  left join (select NULL as "task_id", NULL as "project_view_id", NULL as "bucket_id", NULL as "position") as "tb" on true
  where "tasks"."id" = "tp"."task_id" and "tp"."project_view_id" = $1 and "tasks"."project_id" in ($2) and "tasks"."done" = $3 and (not exists (select "any_ps"."task_id"
  from "project_subtasks" as "any_ps") or not exists (select "ps"."task_id"
  from "project_subtasks" as "ps"
  where "ps"."task_id" = "tasks"."id"))
  order by "tp"."position" asc, "tp"."task_id" asc
  limit 50 offset 0;

-- TaskListRepo.list (open tasks of a project, counted by the triggers)
-- sqlite
select "task_count"
  from "project_open_task_counts"
  where "project_id" = ?;
select "tasks".*, "tp"."position" as "view_position", "tb"."bucket_id" as "view_bucket_id"
  from "task_positions" as "tp"
  cross join "tasks"
  left join (select NULL as "task_id", NULL as "project_view_id", NULL as "bucket_id", NULL as "position") as "tb" on true
  where "tasks"."id" = "tp"."task_id" and "tp"."project_view_id" = ? and "tasks"."project_id" in (?) and "tasks"."done" = ?
  order by "tp"."position" asc, "tp"."task_id" asc
  limit ? offset ?;
select count(*) as "n"
  from "task_positions" as "tp"
  cross join "tasks"
  left join (select NULL as "task_id", NULL as "project_view_id", NULL as "bucket_id", NULL as "position") as "tb" on true
  where "tasks"."id" = "tp"."task_id" and "tp"."project_view_id" = ? and "tasks"."project_id" in (?) and "tasks"."done" = ?;
-- postgres
select "task_count"
  from "project_open_task_counts"
  where "project_id" = $1;
select "tasks".*, "tp"."position" as "view_position", "tb"."bucket_id" as "view_bucket_id"
  from "task_positions" as "tp"
  cross join "tasks"
  left join (select NULL as "task_id", NULL as "project_view_id", NULL as "bucket_id", NULL as "position") as "tb" on true
  where "tasks"."id" = "tp"."task_id" and "tp"."project_view_id" = $1 and "tasks"."project_id" in ($2) and "tasks"."done" = $3
  order by "tp"."position" asc, "tp"."task_id" asc
  limit 50 offset 0;
select count(*) as "n"
  from "task_positions" as "tp"
  cross join "tasks"
  left join (select NULL as "task_id", NULL as "project_view_id", NULL as "bucket_id", NULL as "position") as "tb" on true
  where "tasks"."id" = "tp"."task_id" and "tp"."project_view_id" = $1 and "tasks"."project_id" in ($2) and "tasks"."done" = $3;

-- TaskListRepo.list (open top-level tasks of a project: the counter less its open subtasks)
-- sqlite
select coalesce((select "task_count"
  from "project_open_task_counts"
  where "project_id" = ?), 0) - (select count(*) as "n"
  from "project_subtasks" as "ps"
  inner join "tasks" on "tasks"."id" = "ps"."task_id"
  where "ps"."project_id" = ? and "tasks"."done" = ?) as "n";
select "tasks".*, "tp"."position" as "view_position", "tb"."bucket_id" as "view_bucket_id"
  from "task_positions" as "tp"
  cross join "tasks"
  left join (select NULL as "task_id", NULL as "project_view_id", NULL as "bucket_id", NULL as "position") as "tb" on true
  where "tasks"."id" = "tp"."task_id" and "tp"."project_view_id" = ? and "tasks"."project_id" in (?) and "tasks"."done" = ? and (not exists (select "any_ps"."task_id"
  from "project_subtasks" as "any_ps") or not exists (select "ps"."task_id"
  from "project_subtasks" as "ps"
  where "ps"."task_id" = "tasks"."id"))
  order by "tp"."position" asc, "tp"."task_id" asc
  limit ? offset ?;
-- postgres
select coalesce((select "task_count"
  from "project_open_task_counts"
  where "project_id" = $1), 0) - (select count(*) as "n"
  from "project_subtasks" as "ps"
  inner join "tasks" on "tasks"."id" = "ps"."task_id"
  where "ps"."project_id" = $2 and "tasks"."done" = $3) as "n";
select "tasks".*, "tp"."position" as "view_position", "tb"."bucket_id" as "view_bucket_id"
  from "task_positions" as "tp"
  cross join "tasks"
  left join (select NULL as "task_id", NULL as "project_view_id", NULL as "bucket_id", NULL as "position") as "tb" on true
  where "tasks"."id" = "tp"."task_id" and "tp"."project_view_id" = $1 and "tasks"."project_id" in ($2) and "tasks"."done" = $3 and (not exists (select "any_ps"."task_id"
  from "project_subtasks" as "any_ps") or not exists (select "ps"."task_id"
  from "project_subtasks" as "ps"
  where "ps"."task_id" = "tasks"."id"))
  order by "tp"."position" asc, "tp"."task_id" asc
  limit 50 offset 0;

-- TaskListRepo.list (table view, sorted by title)
-- sqlite
select "s"."v", case when "s"."v" = ? then ? else (select count(*) as "n"
  from "tasks"
  where "tasks"."project_id" in (?) and "tasks"."done" = ? and (not exists (select "any_ps"."task_id"
  from "project_subtasks" as "any_ps") or not exists (select "ps"."task_id"
  from "project_subtasks" as "ps"
  where "ps"."task_id" = "tasks"."id"))) end as "n"
  from (select coalesce(sum("version"), 0) as "v"
  from "project_list_versions"
  where "project_id" in (?, ?)) as "s";
select "tasks".*, "tp"."position" as "view_position", "tb"."bucket_id" as "view_bucket_id"
  from "tasks"
  left join "task_positions" as "tp" on "tp"."task_id" = "tasks"."id" and "tp"."project_view_id" = ?
  left join (select NULL as "task_id", NULL as "project_view_id", NULL as "bucket_id", NULL as "position") as "tb" on true
  where "tasks"."project_id" in (?) and "tasks"."done" = ? and (not exists (select "any_ps"."task_id"
  from "project_subtasks" as "any_ps") or not exists (select "ps"."task_id"
  from "project_subtasks" as "ps"
  where "ps"."task_id" = "tasks"."id"))
  order by "tasks"."title" desc, ("tp"."position" IS NULL), "tp"."position" asc, "tasks"."id" asc
  limit ? offset ?;
-- postgres
select "s"."v", case when "s"."v" = $1 then $2 else (select count(*) as "n"
  from "tasks"
  where "tasks"."project_id" in ($3) and "tasks"."done" = $4 and (not exists (select "any_ps"."task_id"
  from "project_subtasks" as "any_ps") or not exists (select "ps"."task_id"
  from "project_subtasks" as "ps"
  where "ps"."task_id" = "tasks"."id"))) end as "n"
  from (select coalesce(sum("version"), 0) as "v"
  from "project_list_versions"
  where "project_id" in ($5, $6)) as "s";
select "tasks".*, "tp"."position" as "view_position", "tb"."bucket_id" as "view_bucket_id"
  from "tasks"
  left join "task_positions" as "tp" on "tp"."task_id" = "tasks"."id" and "tp"."project_view_id" = $1
  left join (select NULL as "task_id", NULL as "project_view_id", NULL as "bucket_id", NULL as "position") as "tb" on true
  where "tasks"."project_id" in ($2) and "tasks"."done" = $3 and (not exists (select "any_ps"."task_id"
  from "project_subtasks" as "any_ps") or not exists (select "ps"."task_id"
  from "project_subtasks" as "ps"
  where "ps"."task_id" = "tasks"."id"))
  order by "tasks"."title" desc, ("tp"."position" IS NULL), "tp"."position" asc, "tasks"."id" asc
  limit 50 offset 0;

-- TaskListRepo.list (a filter on position reads the view in its count)
-- sqlite
select "s"."v", case when "s"."v" = ? then ? else (select count(*) as "n"
  from "tasks"
  left join "task_positions" as "tp" on "tp"."task_id" = "tasks"."id" and "tp"."project_view_id" = ?
  left join "task_buckets" as "tb" on "tb"."task_id" = "tasks"."id" and "tb"."project_view_id" = ?
  where "tasks"."project_id" in (?) and "tp"."position" > ?) end as "n"
  from (select coalesce(sum("version"), 0) as "v"
  from "project_list_versions"
  where "project_id" in (?, ?)) as "s";
select "tasks".*, "tp"."position" as "view_position", "tb"."bucket_id" as "view_bucket_id"
  from "tasks"
  left join "task_positions" as "tp" on "tp"."task_id" = "tasks"."id" and "tp"."project_view_id" = ?
  left join "task_buckets" as "tb" on "tb"."task_id" = "tasks"."id" and "tb"."project_view_id" = ?
  where "tasks"."project_id" in (?) and "tp"."position" > ?
  order by "tasks"."id" asc
  limit ? offset ?;
-- postgres
select "s"."v", case when "s"."v" = $1 then $2 else (select count(*) as "n"
  from "tasks"
  left join "task_positions" as "tp" on "tp"."task_id" = "tasks"."id" and "tp"."project_view_id" = $3
  left join "task_buckets" as "tb" on "tb"."task_id" = "tasks"."id" and "tb"."project_view_id" = $4
  where "tasks"."project_id" in ($5) and "tp"."position" > $6) end as "n"
  from (select coalesce(sum("version"), 0) as "v"
  from "project_list_versions"
  where "project_id" in ($7, $8)) as "s";
select "tasks".*, "tp"."position" as "view_position", "tb"."bucket_id" as "view_bucket_id"
  from "tasks"
  left join "task_positions" as "tp" on "tp"."task_id" = "tasks"."id" and "tp"."project_view_id" = $1
  left join "task_buckets" as "tb" on "tb"."task_id" = "tasks"."id" and "tb"."project_view_id" = $2
  where "tasks"."project_id" in ($3) and "tp"."position" > $4
  order by "tasks"."id" asc
  limit 50 offset 0;

-- TaskListRepo.list (ranked search, scope sub-query)
-- sqlite
select count(*) as "n"
  from "tasks"
  where "tasks"."project_id" in (select "projects"."id"
  from "projects"
  where "projects"."id" in SELECT id FROM visible_projects and "projects"."is_archived" = ?) and tasks.id IN (SELECT task_id FROM task_search_terms WHERE term_id IN (SELECT rowid FROM search_terms_fts WHERE search_terms_fts MATCH ?)
      UNION
      SELECT u.task_id FROM task_search_terms AS u WHERE u.term_id = ? AND (
        SELECT count(*) FROM tasks AS t WHERE t.id = u.task_id
          AND (lower(t.title) LIKE ? ESCAPE '\' OR lower(t.description) LIKE ? ESCAPE '\')
      ) > 0);
select "tasks".*, "tp"."position" as "view_position", "tb"."bucket_id" as "view_bucket_id"
  from "tasks"
  left join (select NULL as "task_id", NULL as "project_view_id", NULL as "position") as "tp" on true
  left join (select NULL as "task_id", NULL as "project_view_id", NULL as "bucket_id", NULL as "position") as "tb" on true
  where "tasks"."project_id" in (select "projects"."id"
  from "projects"
  where "projects"."id" in SELECT id FROM visible_projects and "projects"."is_archived" = ?) and tasks.id IN (SELECT task_id FROM task_search_terms WHERE term_id IN (SELECT rowid FROM search_terms_fts WHERE search_terms_fts MATCH ?)
      UNION
      SELECT u.task_id FROM task_search_terms AS u WHERE u.term_id = ? AND (
        SELECT count(*) FROM tasks AS t WHERE t.id = u.task_id
          AND (lower(t.title) LIKE ? ESCAPE '\' OR lower(t.description) LIKE ? ESCAPE '\')
      ) > 0)
  order by (CASE WHEN ordo_lower("tasks"."title") LIKE ? ESCAPE '\' THEN 2 WHEN ordo_lower("tasks"."title") LIKE ? ESCAPE '\' THEN 1 ELSE 0 END) desc, "tasks"."id" asc
  limit ? offset ?;
-- postgres
select "tasks".*, "tp"."position" as "view_position", "tb"."bucket_id" as "view_bucket_id", count(*) over () as "ordo_match_count"
  from "tasks"
  left join (select NULL as "task_id", NULL as "project_view_id", NULL as "position") as "tp" on true
  left join (select NULL as "task_id", NULL as "project_view_id", NULL as "bucket_id", NULL as "position") as "tb" on true
  where "tasks"."project_id" in (select "projects"."id"
  from "projects"
  where "projects"."id" in SELECT id FROM visible_projects and "projects"."is_archived" = $1) and tasks.id = ANY(ARRAY(SELECT task_id FROM task_search_terms WHERE term_id IN (SELECT id FROM ordo_search_terms_holding($2) AS id)
      UNION
      SELECT u.task_id FROM task_search_terms AS u WHERE u.term_id = $3 AND (
        SELECT count(*) FROM tasks AS t WHERE t.id = u.task_id
          AND (lower(t.title) LIKE $4 ESCAPE '\' OR lower(t.description) LIKE $5 ESCAPE '\')
      ) > 0))
  order by (CASE WHEN ordo_lower("tasks"."title") LIKE $6 ESCAPE '\' THEN 2 WHEN ordo_lower("tasks"."title") LIKE $7 ESCAPE '\' THEN 1 ELSE 0 END) desc, "tasks"."id" asc
  limit 50 offset 0;
select count(*) as "n"
  from "tasks"
  where "tasks"."project_id" in (select "projects"."id"
  from "projects"
  where "projects"."id" in SELECT id FROM visible_projects and "projects"."is_archived" = $1) and tasks.id = ANY(ARRAY(SELECT task_id FROM task_search_terms WHERE term_id IN (SELECT id FROM ordo_search_terms_holding($2) AS id)
      UNION
      SELECT u.task_id FROM task_search_terms AS u WHERE u.term_id = $3 AND (
        SELECT count(*) FROM tasks AS t WHERE t.id = u.task_id
          AND (lower(t.title) LIKE $4 ESCAPE '\' OR lower(t.description) LIKE $5 ESCAPE '\')
      ) > 0));

-- TaskListRepo.list (favourites)
-- sqlite
select "s"."v", case when "s"."v" = ? then ? else (select count(*) as "n"
  from "tasks"
  where "tasks"."project_id" in (?, ?, ?) and "tasks"."id" in (select "entity_id"
  from "favorites"
  where "user_id" = ? and "kind" = ?)) end as "n"
  from (select coalesce(sum("version"), 0) as "v"
  from "project_list_versions"
  where "project_id" in (?, ?, ?, ?)) as "s";
-- postgres
select "s"."v", case when "s"."v" = $1 then $2 else (select count(*) as "n"
  from "tasks"
  where "tasks"."project_id" in ($3, $4, $5) and "tasks"."id" in (select "entity_id"
  from "favorites"
  where "user_id" = $6 and "kind" = $7)) end as "n"
  from (select coalesce(sum("version"), 0) as "v"
  from "project_list_versions"
  where "project_id" in ($8, $9, $10, $11)) as "s";
select "tasks".*, "tp"."position" as "view_position", "tb"."bucket_id" as "view_bucket_id"
  from "tasks"
  left join (select NULL as "task_id", NULL as "project_view_id", NULL as "position") as "tp" on true
  left join (select NULL as "task_id", NULL as "project_view_id", NULL as "bucket_id", NULL as "position") as "tb" on true
  where "tasks"."project_id" in ($1, $2, $3) and "tasks"."id" in (select "entity_id"
  from "favorites"
  where "user_id" = $4 and "kind" = $5)
  order by "tasks"."id" asc
  limit 50 offset 0;

-- TaskListRepo.list (one bucket)
-- sqlite
select "s"."v", case when "s"."v" = ? then ? else (select count(*) as "n"
  from "tasks"
  left join "task_positions" as "tp" on "tp"."task_id" = "tasks"."id" and "tp"."project_view_id" = ?
  left join "task_buckets" as "tb" on "tb"."task_id" = "tasks"."id" and "tb"."project_view_id" = ?
  where "tasks"."project_id" in (?) and "tb"."bucket_id" = ?) end as "n"
  from (select coalesce(sum("version"), 0) as "v"
  from "project_list_versions"
  where "project_id" in (?, ?)) as "s";
select "tasks".*, "tp"."position" as "view_position", "tb"."bucket_id" as "view_bucket_id"
  from "tasks"
  left join "task_positions" as "tp" on "tp"."task_id" = "tasks"."id" and "tp"."project_view_id" = ?
  left join "task_buckets" as "tb" on "tb"."task_id" = "tasks"."id" and "tb"."project_view_id" = ?
  where "tasks"."project_id" in (?) and "tb"."bucket_id" = ?
  order by ("tb"."position" IS NULL), "tb"."position" asc, "tb"."task_id" asc
  limit ? offset ?;
-- postgres
select "s"."v", case when "s"."v" = $1 then $2 else (select count(*) as "n"
  from "tasks"
  left join "task_positions" as "tp" on "tp"."task_id" = "tasks"."id" and "tp"."project_view_id" = $3
  left join "task_buckets" as "tb" on "tb"."task_id" = "tasks"."id" and "tb"."project_view_id" = $4
  where "tasks"."project_id" in ($5) and "tb"."bucket_id" = $6) end as "n"
  from (select coalesce(sum("version"), 0) as "v"
  from "project_list_versions"
  where "project_id" in ($7, $8)) as "s";
select "tasks".*, "tp"."position" as "view_position", "tb"."bucket_id" as "view_bucket_id"
  from "tasks"
  left join "task_positions" as "tp" on "tp"."task_id" = "tasks"."id" and "tp"."project_view_id" = $1
  left join "task_buckets" as "tb" on "tb"."task_id" = "tasks"."id" and "tb"."project_view_id" = $2
  where "tasks"."project_id" in ($3) and "tb"."bucket_id" = $4
  order by ("tb"."position" IS NULL), "tb"."position" asc, "tb"."task_id" asc
  limit 50 offset 0;

-- TaskListRepo.rankedPage
-- sqlite
SELECT
        EXISTS (SELECT 1 FROM task_search_terms WHERE term_id = ?) AS unindexed,
        EXISTS (SELECT 1 FROM projects WHERE projects.id NOT IN (?, ?, ?)
          AND (SELECT tasks."index" FROM tasks WHERE tasks.project_id = projects.id
            ORDER BY tasks."index" LIMIT 1) IS NOT NULL
        ) AS partial,
        NULL AS named;
-- postgres
WITH flags AS (SELECT
        EXISTS (SELECT 1 FROM task_search_terms WHERE term_id = $1) AS unindexed,
        EXISTS (SELECT 1 FROM projects WHERE projects.id NOT IN ($2, $3, $4)
          AND (SELECT tasks."index" FROM tasks WHERE tasks.project_id = projects.id
            ORDER BY tasks."index" LIMIT 1) IS NOT NULL
        ) AS partial,
        NULL::integer[] AS named)
      SELECT -1 AS word, NULL::bytea AS postings, NULL::integer[] AS stale, NULL::bytea AS fresh, unindexed, partial,
        named
      FROM flags UNION ALL SELECT 0, p.postings, p.stale, p.fresh, NULL, NULL, NULL
        FROM ordo_search_postings($5) AS p
        WHERE NOT (SELECT partial FROM flags) AND NOT (SELECT unindexed FROM flags);

-- TaskListRepo.boardPages (plain board)
-- sqlite
select "tasks".*, "tb"."position" as "view_position", "tb"."bucket_id" as "view_bucket_id"
  from "task_buckets" as "tb"
  cross join "tasks"
  left join (select NULL as "task_id", NULL as "project_view_id", NULL as "position") as "tp" on true
  where "tasks"."id" = "tb"."task_id" and "tb"."project_view_id" = ? and "tasks"."project_id" in (?) and "tb"."bucket_id" = ?
  order by ("tb"."position" IS NULL), "tb"."position" asc, "tb"."task_id" asc
  limit 25 offset 0;
select "tasks".*, "tb"."position" as "view_position", "tb"."bucket_id" as "view_bucket_id"
  from "task_buckets" as "tb"
  cross join "tasks"
  left join (select NULL as "task_id", NULL as "project_view_id", NULL as "position") as "tp" on true
  where "tasks"."id" = "tb"."task_id" and "tb"."project_view_id" = ? and "tasks"."project_id" in (?) and "tb"."bucket_id" = ?
  order by ("tb"."position" IS NULL), "tb"."position" asc, "tb"."task_id" asc
  limit 25 offset 0;
-- postgres
select "tasks".*, "tb"."position" as "view_position", "tb"."bucket_id" as "view_bucket_id"
  from "task_buckets" as "tb"
  cross join "tasks"
  left join (select NULL as "task_id", NULL as "project_view_id", NULL as "position") as "tp" on true
  where "tasks"."id" = "tb"."task_id" and "tb"."project_view_id" = $1 and "tasks"."project_id" in ($2) and "tb"."bucket_id" = $3
  order by ("tb"."position" IS NULL), "tb"."position" asc, "tb"."task_id" asc
  limit 25 offset 0;
select "tasks".*, "tb"."position" as "view_position", "tb"."bucket_id" as "view_bucket_id"
  from "task_buckets" as "tb"
  cross join "tasks"
  left join (select NULL as "task_id", NULL as "project_view_id", NULL as "position") as "tp" on true
  where "tasks"."id" = "tb"."task_id" and "tb"."project_view_id" = $1 and "tasks"."project_id" in ($2) and "tb"."bucket_id" = $3
  order by ("tb"."position" IS NULL), "tb"."position" asc, "tb"."task_id" asc
  limit 25 offset 0;

-- TaskListRepo.boardPages (filtered board with totals)
-- sqlite
select "tasks".*, "tp"."position" as "view_position", "tb"."bucket_id" as "view_bucket_id"
  from "tasks"
  left join "task_positions" as "tp" on "tp"."task_id" = "tasks"."id" and "tp"."project_view_id" = ?
  left join "task_buckets" as "tb" on "tb"."task_id" = "tasks"."id" and "tb"."project_view_id" = ?
  where "tasks"."project_id" in (?) and "tb"."bucket_id" = ? and "tasks"."priority" in (?, ?, ?)
  order by ("tb"."position" IS NULL), "tb"."position" asc, "tb"."task_id" asc
  limit ? offset ?;
select tb.bucket_id as "bucket_id", count(*) as "n"
  from "tasks"
  left join "task_positions" as "tp" on "tp"."task_id" = "tasks"."id" and "tp"."project_view_id" = ?
  left join "task_buckets" as "tb" on "tb"."task_id" = "tasks"."id" and "tb"."project_view_id" = ?
  where "tasks"."project_id" in (?) and "tasks"."priority" in (?, ?, ?) and "tb"."bucket_id" in (?)
  group by tb.bucket_id;
-- postgres
select "tasks".*, "tp"."position" as "view_position", "tb"."bucket_id" as "view_bucket_id"
  from "tasks"
  left join "task_positions" as "tp" on "tp"."task_id" = "tasks"."id" and "tp"."project_view_id" = $1
  left join "task_buckets" as "tb" on "tb"."task_id" = "tasks"."id" and "tb"."project_view_id" = $2
  where "tasks"."project_id" in ($3) and "tb"."bucket_id" = $4 and "tasks"."priority" in ($5, $6, $7)
  order by ("tb"."position" IS NULL), "tb"."position" asc, "tb"."task_id" asc
  limit 25 offset 0;
select tb.bucket_id as "bucket_id", count(*) as "n"
  from "tasks"
  left join "task_positions" as "tp" on "tp"."task_id" = "tasks"."id" and "tp"."project_view_id" = $1
  left join "task_buckets" as "tb" on "tb"."task_id" = "tasks"."id" and "tb"."project_view_id" = $2
  where "tasks"."project_id" in ($3) and "tasks"."priority" in ($4, $5, $6) and "tb"."bucket_id" in ($7)
  group by tb.bucket_id;

-- TaskListRepo.boardPages (saved filter board: the default bucket takes unplaced tasks)
-- sqlite
select "tasks".*, "tp"."position" as "view_position", "tb"."bucket_id" as "view_bucket_id"
  from "tasks"
  left join "task_positions" as "tp" on "tp"."task_id" = "tasks"."id" and "tp"."project_view_id" = ?
  left join "task_buckets" as "tb" on "tb"."task_id" = "tasks"."id" and "tb"."project_view_id" = ?
  where "tasks"."project_id" in (?, ?) and ("tb"."bucket_id" = ? or "tb"."bucket_id" is null)
  order by ("tp"."position" IS NULL), "tp"."position" asc, "tasks"."id" asc
  limit ? offset ?;
select "tasks".*, "tb"."position" as "view_position", "tb"."bucket_id" as "view_bucket_id"
  from "task_buckets" as "tb"
  cross join "tasks"
  left join (select NULL as "task_id", NULL as "project_view_id", NULL as "position") as "tp" on true
  where "tasks"."id" = "tb"."task_id" and "tb"."project_view_id" = ? and "tasks"."project_id" in (?, ?) and "tb"."bucket_id" = ?
  order by ("tb"."position" IS NULL), "tb"."position" asc, "tb"."task_id" asc
  limit 25 offset 0;
select COALESCE(tb.bucket_id, 1) as "bucket_id", count(*) as "n"
  from "tasks"
  left join "task_positions" as "tp" on "tp"."task_id" = "tasks"."id" and "tp"."project_view_id" = ?
  left join "task_buckets" as "tb" on "tb"."task_id" = "tasks"."id" and "tb"."project_view_id" = ?
  where "tasks"."project_id" in (?, ?) and ("tb"."bucket_id" in (?, ?) or "tb"."bucket_id" is null)
  group by COALESCE(tb.bucket_id, 1);
-- postgres
select "tasks".*, "tp"."position" as "view_position", "tb"."bucket_id" as "view_bucket_id"
  from "tasks"
  left join "task_positions" as "tp" on "tp"."task_id" = "tasks"."id" and "tp"."project_view_id" = $1
  left join "task_buckets" as "tb" on "tb"."task_id" = "tasks"."id" and "tb"."project_view_id" = $2
  where "tasks"."project_id" in ($3, $4) and ("tb"."bucket_id" = $5 or "tb"."bucket_id" is null)
  order by ("tp"."position" IS NULL), "tp"."position" asc, "tasks"."id" asc
  limit 25 offset 0;
select "tasks".*, "tb"."position" as "view_position", "tb"."bucket_id" as "view_bucket_id"
  from "task_buckets" as "tb"
  cross join "tasks"
  left join (select NULL as "task_id", NULL as "project_view_id", NULL as "position") as "tp" on true
  where "tasks"."id" = "tb"."task_id" and "tb"."project_view_id" = $1 and "tasks"."project_id" = any($2) and "tb"."bucket_id" = $3
  order by ("tb"."position" IS NULL), "tb"."position" asc, "tb"."task_id" asc
  limit 25 offset 0;
select COALESCE(tb.bucket_id, 1) as "bucket_id", count(*) as "n"
  from "tasks"
  left join "task_positions" as "tp" on "tp"."task_id" = "tasks"."id" and "tp"."project_view_id" = $1
  left join "task_buckets" as "tb" on "tb"."task_id" = "tasks"."id" and "tb"."project_view_id" = $2
  where "tasks"."project_id" in ($3, $4) and ("tb"."bucket_id" in ($5, $6) or "tb"."bucket_id" is null)
  group by COALESCE(tb.bucket_id, 1);

-- TaskListRepo.activeProjectsAmong
-- sqlite
select "projects"."id"
  from "projects"
  where "projects"."id" in SELECT id FROM visible_projects and "projects"."is_archived" = ?;
-- postgres
select "projects"."id"
  from "projects"
  where "projects"."id" in SELECT id FROM visible_projects and "projects"."is_archived" = $1;

-- TaskListRepo.projectIdsOf
-- sqlite
select "projects"."id"
  from "projects"
  where "projects"."id" in SELECT id FROM visible_projects and "projects"."is_archived" = ?;
-- postgres
select "projects"."id"
  from "projects"
  where "projects"."id" in SELECT id FROM visible_projects and "projects"."is_archived" = $1;

-- TaskListRepo.timeZoneOf
-- sqlite
select "timezone"
  from "users"
  where "id" = ?;
-- postgres
select "timezone"
  from "users"
  where "id" = $1;

-- TaskListRepo.usersByIds
-- sqlite
select *
  from "users"
  where "id" in (?, ?);
-- postgres
select *
  from "users"
  where "id" in ($1, $2);

-- TaskListRepo.subtasksBelow
-- sqlite
select *
  from "tasks"
  where "id" in (
      WITH RECURSIVE below(id, depth) AS (
        SELECT other_task_id, 1 FROM task_relations
        WHERE relation_kind = 'subtask' AND task_id IN (?, ?)
        UNION
        SELECT r.other_task_id, b.depth + 1 FROM task_relations r JOIN below b ON r.task_id = b.id
        WHERE r.relation_kind = 'subtask' AND b.depth < ?
      )
      SELECT id FROM below) and "id" not in (?, ?) and "project_id" in SELECT id FROM visible_projects
  order by "id";
-- postgres
select *
  from "tasks"
  where "id" in (
      WITH RECURSIVE below(id, depth) AS (
        SELECT other_task_id, 1 FROM task_relations
        WHERE relation_kind = 'subtask' AND task_id IN ($1, $2)
        UNION
        SELECT r.other_task_id, b.depth + 1 FROM task_relations r JOIN below b ON r.task_id = b.id
        WHERE r.relation_kind = 'subtask' AND b.depth < $3
      )
      SELECT id FROM below) and "id" not in ($4, $5) and "project_id" in SELECT id FROM visible_projects
  order by "id";

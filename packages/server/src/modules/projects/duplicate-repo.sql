-- The SQL of modules/projects/duplicate-repo.ts, method by method, for SQLite and PostgreSQL.
-- Written by `npm run sql:snapshots` (packages/server/src/db/sql-snapshots); do not edit.

-- DuplicateRepo.copyViews
-- sqlite
select *
  from "project_views"
  where "project_id" = ?
  order by "id";
insert into "project_views" ("view_kind", "project_id", "default_bucket_id", "done_bucket_id", "created", "updated")
  values (?, ?, ?, ?, ?, ?)
  returning "id";
-- postgres
select *
  from "project_views"
  where "project_id" = $1
  order by "id";
insert into "project_views" ("view_kind", "project_id", "default_bucket_id", "done_bucket_id", "created", "updated")
  values ($1, $2, $3, $4, $5, $6)
  returning "id";

-- DuplicateRepo.copyTasks
-- sqlite
select *
  from "tasks"
  where "project_id" = ?
  order by "id";
insert into "tasks" ("project_id", "uid", "cover_image_attachment_id", "created", "updated")
  values (?, ?, ?, ?, ?)
  returning "id", "index";
-- postgres
select *
  from "tasks"
  where "project_id" = $1
  order by "id";
insert into "tasks" ("project_id", "uid", "cover_image_attachment_id", "created", "updated")
  values ($1, $2, $3, $4, $5)
  returning "id", "index";

-- DuplicateRepo.copyTaskRows
-- sqlite
select *
  from "task_positions"
  where "task_id" in (?);
insert into "task_positions" ("task_id", "project_view_id", "position")
  values (?, ?, ?);
select *
  from "task_buckets"
  where "task_id" in (?);
select "task_id", "label_id"
  from "label_tasks"
  where "task_id" in (?);
select "task_id", "user_id"
  from "task_assignees"
  where "task_id" in (?)
  order by "id";
select "task_id", "reminder", "relative_period", "relative_to"
  from "task_reminders"
  where "task_id" in (?)
  order by "id";
select "task_id", "other_task_id", "relation_kind"
  from "task_relations"
  where "task_id" in (?)
  order by "id";
-- postgres
select *
  from "task_positions"
  where "task_id" in ($1);
insert into "task_positions" ("task_id", "project_view_id", "position")
  values ($1, $2, $3);
select *
  from "task_buckets"
  where "task_id" in ($1);
select "task_id", "label_id"
  from "label_tasks"
  where "task_id" in ($1);
select "task_id", "user_id"
  from "task_assignees"
  where "task_id" in ($1)
  order by "id";
select "task_id", "reminder", "relative_period", "relative_to"
  from "task_reminders"
  where "task_id" in ($1)
  order by "id";
select "task_id", "other_task_id", "relation_kind"
  from "task_relations"
  where "task_id" in ($1)
  order by "id";

-- DuplicateRepo.pointCovers
-- sqlite
select "id", "cover_image_attachment_id"
  from "tasks"
  where "id" in (?) and "cover_image_attachment_id" > ?;
update "tasks"
  set "cover_image_attachment_id" = ?
  where "id" = ?;
-- postgres
select "id", "cover_image_attachment_id"
  from "tasks"
  where "id" in ($1) and "cover_image_attachment_id" > $2;
update "tasks"
  set "cover_image_attachment_id" = $1
  where "id" = $2;

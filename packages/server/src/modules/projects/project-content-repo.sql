-- The SQL of modules/projects/project-content-repo.ts, method by method, for SQLite and PostgreSQL.
-- Written by `npm run sql:snapshots` (packages/server/src/db/sql-snapshots); do not edit.

-- ProjectContentRepo.read
-- sqlite
select *
  from "project_views"
  where "project_id" = ?
  order by "id";
select *
  from "buckets"
  where "project_view_id" in (select "id"
  from "project_views"
  where "project_id" = ?)
  order by "id";
select *
  from "tasks"
  where "project_id" = ?
  order by "id";
select "task_id", "project_view_id", "position"
  from "task_positions"
  where "task_id" in (select "id"
  from "tasks"
  where "project_id" = ?) and "project_view_id" in (select "id"
  from "project_views"
  where "project_id" = ?);
select "task_id", "project_view_id", "bucket_id"
  from "task_buckets"
  where "task_id" in (select "id"
  from "tasks"
  where "project_id" = ?) and "project_view_id" in (select "id"
  from "project_views"
  where "project_id" = ?);
select "task_id", "label_id"
  from "label_tasks"
  where "task_id" in (select "id"
  from "tasks"
  where "project_id" = ?)
  order by "id";
select "task_id", "user_id"
  from "task_assignees"
  where "task_id" in (select "id"
  from "tasks"
  where "project_id" = ?)
  order by "id";
select "task_id", "reminder", "relative_period", "relative_to"
  from "task_reminders"
  where "task_id" in (select "id"
  from "tasks"
  where "project_id" = ?)
  order by "id";
select "task_id", "other_task_id", "relation_kind"
  from "task_relations"
  where "task_id" in (select "id"
  from "tasks"
  where "project_id" = ?) and "other_task_id" in (select "id"
  from "tasks"
  where "project_id" = ?)
  order by "id";
select *
  from "project_fields"
  where "project_id" = ?
  order by "id";
select "task_id", "field_id", "num_value", "text_value"
  from "task_field_values"
  where "task_id" in (select "id"
  from "tasks"
  where "project_id" = ?)
  order by "id";
-- postgres
select *
  from "project_views"
  where "project_id" = $1
  order by "id";
select *
  from "buckets"
  where "project_view_id" in (select "id"
  from "project_views"
  where "project_id" = $1)
  order by "id";
select *
  from "tasks"
  where "project_id" = $1
  order by "id";
select "task_id", "project_view_id", "position"
  from "task_positions"
  where "task_id" in (select "id"
  from "tasks"
  where "project_id" = $1) and "project_view_id" in (select "id"
  from "project_views"
  where "project_id" = $2);
select "task_id", "project_view_id", "bucket_id"
  from "task_buckets"
  where "task_id" in (select "id"
  from "tasks"
  where "project_id" = $1) and "project_view_id" in (select "id"
  from "project_views"
  where "project_id" = $2);
select "task_id", "label_id"
  from "label_tasks"
  where "task_id" in (select "id"
  from "tasks"
  where "project_id" = $1)
  order by "id";
select "task_id", "user_id"
  from "task_assignees"
  where "task_id" in (select "id"
  from "tasks"
  where "project_id" = $1)
  order by "id";
select "task_id", "reminder", "relative_period", "relative_to"
  from "task_reminders"
  where "task_id" in (select "id"
  from "tasks"
  where "project_id" = $1)
  order by "id";
select "task_id", "other_task_id", "relation_kind"
  from "task_relations"
  where "task_id" in (select "id"
  from "tasks"
  where "project_id" = $1) and "other_task_id" in (select "id"
  from "tasks"
  where "project_id" = $2)
  order by "id";
select *
  from "project_fields"
  where "project_id" = $1
  order by "id";
select "task_id", "field_id", "num_value", "text_value"
  from "task_field_values"
  where "task_id" in (select "id"
  from "tasks"
  where "project_id" = $1)
  order by "id";

-- ProjectContentRepo.write
-- sqlite
insert into "project_views" ("view_kind", "default_bucket_id", "done_bucket_id", "project_id", "created", "updated")
  values (?, ?, ?, ?, ?, ?)
  returning "id";
insert into "buckets" ("project_view_id", "title", "created_by_id", "created", "updated")
  values (?, ?, ?, ?, ?)
  returning "id";
update "project_views"
  set "default_bucket_id" = ?, "done_bucket_id" = ?
  where "id" = ?;
insert into "tasks" ("title", "project_id", "created", "updated", "index", "uid", "cover_image_attachment_id")
  values (?, ?, ?, ?, ?, ?, ?)
  returning "id", "index";
insert into "task_positions" ("task_id", "project_view_id", "position")
  values (?, ?, ?);
insert into "task_buckets" ("task_id", "project_view_id", "bucket_id")
  values (?, ?, ?);
insert into "label_tasks" ("task_id", "label_id", "created")
  values (?, ?, ?);
insert into "task_assignees" ("task_id", "user_id", "created")
  values (?, ?, ?);
insert into "task_reminders" ("task_id", "reminder", "relative_period", "relative_to", "created")
  values (?, ?, ?, ?, ?);
insert into "task_relations" ("task_id", "other_task_id", "relation_kind", "created", "created_by_id")
  values (?, ?, ?, ?, ?);
insert into "project_fields" ("project_id", "title", "kind", "options", "created", "updated")
  values (?, ?, ?, ?, ?, ?)
  returning "id";
insert into "task_field_values" ("task_id", "field_id", "num_value", "text_value")
  values (?, ?, ?, ?);
-- postgres
insert into "project_views" ("view_kind", "default_bucket_id", "done_bucket_id", "project_id", "created", "updated")
  values ($1, $2, $3, $4, $5, $6)
  returning "id";
insert into "buckets" ("project_view_id", "title", "created_by_id", "created", "updated")
  values ($1, $2, $3, $4, $5)
  returning "id";
update "project_views"
  set "default_bucket_id" = $1, "done_bucket_id" = $2
  where "id" = $3;
insert into "tasks" ("title", "project_id", "created", "updated", "index", "uid", "cover_image_attachment_id")
  values ($1, $2, $3, $4, $5, $6, $7)
  returning "id", "index";
insert into "task_positions" ("task_id", "project_view_id", "position")
  values ($1, $2, $3);
insert into "task_buckets" ("task_id", "project_view_id", "bucket_id")
  values ($1, $2, $3);
insert into "label_tasks" ("task_id", "label_id", "created")
  values ($1, $2, $3);
insert into "task_assignees" ("task_id", "user_id", "created")
  values ($1, $2, $3);
insert into "task_reminders" ("task_id", "reminder", "relative_period", "relative_to", "created")
  values ($1, $2, $3, $4, $5);
insert into "task_relations" ("task_id", "other_task_id", "relation_kind", "created", "created_by_id")
  values ($1, $2, $3, $4, $5);
insert into "project_fields" ("project_id", "title", "kind", "options", "created", "updated")
  values ($1, $2, $3, $4, $5, $6)
  returning "id";
insert into "task_field_values" ("task_id", "field_id", "num_value", "text_value")
  values ($1, $2, $3, $4);

-- ProjectContentRepo.pointCovers
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

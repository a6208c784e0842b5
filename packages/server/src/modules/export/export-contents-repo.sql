-- The SQL of modules/export/export-contents-repo.ts, method by method, for SQLite and PostgreSQL.
-- Written by `npm run sql:snapshots` (packages/server/src/db/sql-snapshots); do not edit.

-- ExportContentsRepo.projects
-- sqlite
select *
  from "projects"
  where "id" in SELECT id FROM visible_projects
  order by "id";
-- postgres
select *
  from "projects"
  where "id" in SELECT id FROM visible_projects
  order by "id";

-- ExportContentsRepo.activity
-- sqlite
select *
  from "task_activity"
  where "task_id" in (?, ?)
  order by "id";
-- postgres
select *
  from "task_activity"
  where "task_id" in ($1, $2)
  order by "id";

-- ExportContentsRepo.views
-- sqlite
select *
  from "project_views"
  where "project_id" = ?
  order by "position";
-- postgres
select *
  from "project_views"
  where "project_id" = $1
  order by "position";

-- ExportContentsRepo.buckets
-- sqlite
select *
  from "buckets"
  where "project_view_id" in (?, ?)
  order by "position";
-- postgres
select *
  from "buckets"
  where "project_view_id" in ($1, $2)
  order by "position";

-- ExportContentsRepo.tasksAfter
-- sqlite
select *
  from "tasks"
  where "project_id" = ? and "id" > ?
  order by "id"
  limit ?;
-- postgres
select *
  from "tasks"
  where "project_id" = $1 and "id" > $2
  order by "id"
  limit $3;

-- ExportContentsRepo.comments
-- sqlite
select *
  from "task_comments"
  where "task_id" in (?, ?)
  order by "created", "id";
-- postgres
select *
  from "task_comments"
  where "task_id" in ($1, $2)
  order by "created", "id";

-- ExportContentsRepo.labelsCreatedBy
-- sqlite
select *
  from "labels"
  where "created_by_id" = ?
  order by "id";
-- postgres
select *
  from "labels"
  where "created_by_id" = $1
  order by "id";

-- ExportContentsRepo.templatesOf
-- sqlite
select *
  from "templates"
  where "owner_id" = ?
  order by "id";
-- postgres
select *
  from "templates"
  where "owner_id" = $1
  order by "id";

-- ExportContentsRepo.savedFiltersOf
-- sqlite
select *
  from "saved_filters"
  where "owner_id" = ?
  order by "id";
-- postgres
select *
  from "saved_filters"
  where "owner_id" = $1
  order by "id";

-- ExportContentsRepo.teamsOf
-- sqlite
select *
  from "teams"
  where "id" in (select "team_id"
  from "team_members"
  where "user_id" = ?)
  order by "id";
-- postgres
select *
  from "teams"
  where "id" in (select "team_id"
  from "team_members"
  where "user_id" = $1)
  order by "id";

-- ExportContentsRepo.users
-- sqlite
select *
  from "users"
  where "id" in (?, ?);
-- postgres
select *
  from "users"
  where "id" in ($1, $2);

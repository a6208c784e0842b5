-- The SQL of modules/attachments/files/orphan-files-repo.ts, method by method, for SQLite and PostgreSQL.
-- Written by `npm run sql:snapshots` (packages/server/src/db/sql-snapshots); do not edit.

-- OrphanFilesRepo.deleteOrphans
-- sqlite
delete
  from "files"
  where (not exists (select "task_attachments"."id"
  from "task_attachments"
  where "task_attachments"."file_id" = "files"."id") and not exists (select "projects"."id"
  from "projects"
  where "projects"."background_file_id" = "files"."id") and not exists (select "user_exports"."id"
  from "user_exports"
  where "user_exports"."file_id" = "files"."id") and not exists (select "users"."id"
  from "users"
  where "users"."avatar_file_id" = "files"."id") and not exists (select "trash_files"."file_id"
  from "trash_files"
  where "trash_files"."file_id" = "files"."id"))
  returning "id";
-- postgres
delete
  from "files"
  where (not exists (select "task_attachments"."id"
  from "task_attachments"
  where "task_attachments"."file_id" = "files"."id") and not exists (select "projects"."id"
  from "projects"
  where "projects"."background_file_id" = "files"."id") and not exists (select "user_exports"."id"
  from "user_exports"
  where "user_exports"."file_id" = "files"."id") and not exists (select "users"."id"
  from "users"
  where "users"."avatar_file_id" = "files"."id") and not exists (select "trash_files"."file_id"
  from "trash_files"
  where "trash_files"."file_id" = "files"."id"))
  returning "id";

-- OrphanFilesRepo.deleteOrphansAmong
-- sqlite
delete
  from "files"
  where ("files"."id" in (?, ?) and not exists (select "task_attachments"."id"
  from "task_attachments"
  where "task_attachments"."file_id" = "files"."id") and not exists (select "projects"."id"
  from "projects"
  where "projects"."background_file_id" = "files"."id") and not exists (select "user_exports"."id"
  from "user_exports"
  where "user_exports"."file_id" = "files"."id") and not exists (select "users"."id"
  from "users"
  where "users"."avatar_file_id" = "files"."id") and not exists (select "trash_files"."file_id"
  from "trash_files"
  where "trash_files"."file_id" = "files"."id"))
  returning "id";
-- postgres
delete
  from "files"
  where ("files"."id" in ($1, $2) and not exists (select "task_attachments"."id"
  from "task_attachments"
  where "task_attachments"."file_id" = "files"."id") and not exists (select "projects"."id"
  from "projects"
  where "projects"."background_file_id" = "files"."id") and not exists (select "user_exports"."id"
  from "user_exports"
  where "user_exports"."file_id" = "files"."id") and not exists (select "users"."id"
  from "users"
  where "users"."avatar_file_id" = "files"."id") and not exists (select "trash_files"."file_id"
  from "trash_files"
  where "trash_files"."file_id" = "files"."id"))
  returning "id";

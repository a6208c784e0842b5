-- The SQL of modules/attachments/repo.ts, method by method, for SQLite and PostgreSQL.
-- Written by `npm run sql:snapshots` (packages/server/src/db/sql-snapshots); do not edit.

-- AttachmentsRepo.clearCover
-- sqlite
update "tasks"
  set "cover_image_attachment_id" = ?
  where "id" = ? and "cover_image_attachment_id" = ?;
-- postgres
update "tasks"
  set "cover_image_attachment_id" = $1
  where "id" = $2 and "cover_image_attachment_id" = $3;

-- AttachmentsRepo.find
-- sqlite
select "task_attachments"."id", "task_attachments"."task_id", "task_attachments"."created_by_id", "task_attachments"."created", "files"."id" as "file_id", "files"."name" as "file_name", "files"."mime" as "file_mime", "files"."size" as "file_size", "files"."created" as "file_created"
  from "task_attachments"
  inner join "files" on "files"."id" = "task_attachments"."file_id"
  where "task_attachments"."id" = ?;
-- postgres
select "task_attachments"."id", "task_attachments"."task_id", "task_attachments"."created_by_id", "task_attachments"."created", "files"."id" as "file_id", "files"."name" as "file_name", "files"."mime" as "file_mime", "files"."size" as "file_size", "files"."created" as "file_created"
  from "task_attachments"
  inner join "files" on "files"."id" = "task_attachments"."file_id"
  where "task_attachments"."id" = $1;

-- AttachmentsRepo.ofTasks
-- sqlite
select "task_attachments"."id", "task_attachments"."task_id", "task_attachments"."created_by_id", "task_attachments"."created", "files"."id" as "file_id", "files"."name" as "file_name", "files"."mime" as "file_mime", "files"."size" as "file_size", "files"."created" as "file_created"
  from "task_attachments"
  inner join "files" on "files"."id" = "task_attachments"."file_id"
  where "task_attachments"."task_id" in (?, ?)
  order by "task_attachments"."id";
-- postgres
select "task_attachments"."id", "task_attachments"."task_id", "task_attachments"."created_by_id", "task_attachments"."created", "files"."id" as "file_id", "files"."name" as "file_name", "files"."mime" as "file_mime", "files"."size" as "file_size", "files"."created" as "file_created"
  from "task_attachments"
  inner join "files" on "files"."id" = "task_attachments"."file_id"
  where "task_attachments"."task_id" = any($1)
  order by "task_attachments"."id";

-- AttachmentsRepo.pageOfTask
-- sqlite
select "task_attachments"."id", "task_attachments"."task_id", "task_attachments"."created_by_id", "task_attachments"."created", "files"."id" as "file_id", "files"."name" as "file_name", "files"."mime" as "file_mime", "files"."size" as "file_size", "files"."created" as "file_created"
  from "task_attachments"
  inner join "files" on "files"."id" = "task_attachments"."file_id"
  where "task_attachments"."task_id" = ?
  order by "task_attachments"."id"
  limit ? offset ?;
select count(*) as "n"
  from "task_attachments"
  where "task_id" = ?;
-- postgres
select "task_attachments"."id", "task_attachments"."task_id", "task_attachments"."created_by_id", "task_attachments"."created", "files"."id" as "file_id", "files"."name" as "file_name", "files"."mime" as "file_mime", "files"."size" as "file_size", "files"."created" as "file_created"
  from "task_attachments"
  inner join "files" on "files"."id" = "task_attachments"."file_id"
  where "task_attachments"."task_id" = $1
  order by "task_attachments"."id"
  limit $2 offset $3;
select count(*) as "n"
  from "task_attachments"
  where "task_id" = $1;

-- AttachmentsRepo.insert
-- sqlite
insert into "files" ("name", "mime", "size", "created_by_id", "created")
  values (?, ?, ?, ?, ?)
  returning "id";
-- postgres
insert into "files" ("name", "mime", "size", "created_by_id", "created")
  values ($1, $2, $3, $4, $5)
  returning "id";

-- AttachmentsRepo.fileIdsOfTasks
-- sqlite
select "file_id"
  from "task_attachments"
  where "task_id" in (?, ?);
-- postgres
select "file_id"
  from "task_attachments"
  where "task_id" in ($1, $2);

-- AttachmentsRepo.deleteFiles
-- sqlite
delete
  from "files"
  where "id" in (?, ?);
-- postgres
delete
  from "files"
  where "id" in ($1, $2);

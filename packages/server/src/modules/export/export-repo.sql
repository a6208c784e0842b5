-- The SQL of modules/export/export-repo.ts, method by method, for SQLite and PostgreSQL.
-- Written by `npm run sql:snapshots` (packages/server/src/db/sql-snapshots); do not edit.

-- ExportRepo.insertFile
-- sqlite
insert into "files" ("name", "mime", "size", "created_by_id", "created")
  values (?, ?, ?, ?, ?)
  returning "id";
-- postgres
insert into "files" ("name", "mime", "size", "created_by_id", "created")
  values ($1, $2, $3, $4, $5)
  returning "id";

-- ExportRepo.deleteFile
-- sqlite
delete
  from "files"
  where "id" = ?;
-- postgres
delete
  from "files"
  where "id" = $1;

-- ExportRepo.startBuild
-- sqlite
update "user_exports"
  set "build_started" = ?
  where "user_id" = ? and ("build_started" is null or "build_started" < ?);
insert into "user_exports" ("user_id", "file_id", "build_started")
  values (?, ?, ?)
  on conflict ("user_id") do nothing;
-- postgres
update "user_exports"
  set "build_started" = $1
  where "user_id" = $2 and ("build_started" is null or "build_started" < $3);
insert into "user_exports" ("user_id", "file_id", "build_started")
  values ($1, $2, $3)
  on conflict ("user_id") do nothing;

-- ExportRepo.finishBuild
-- sqlite
select "file_id"
  from "user_exports"
  where "user_id" = ?;
-- postgres
select "file_id"
  from "user_exports"
  where "user_id" = $1;

-- ExportRepo.abandonBuild
-- sqlite
update "user_exports"
  set "build_started" = ?
  where "user_id" = ?;
-- postgres
update "user_exports"
  set "build_started" = $1
  where "user_id" = $2;

-- ExportRepo.state
-- sqlite
select "user_exports"."build_started", "files"."id", "files"."size", "files"."created"
  from "user_exports"
  left join "files" on "files"."id" = "user_exports"."file_id"
  where "user_exports"."user_id" = ?;
-- postgres
select "user_exports"."build_started", "files"."id", "files"."size", "files"."created"
  from "user_exports"
  left join "files" on "files"."id" = "user_exports"."file_id"
  where "user_exports"."user_id" = $1;

-- ExportRepo.removeCreatedBefore
-- sqlite
begin;
select "user_exports"."id" as "exportId", "files"."id" as "fileId"
  from "user_exports"
  inner join "files" on "files"."id" = "user_exports"."file_id"
  where "files"."created" < ?;
commit;
-- postgres
begin;
select "user_exports"."id" as "exportId", "files"."id" as "fileId"
  from "user_exports"
  inner join "files" on "files"."id" = "user_exports"."file_id"
  where "files"."created" < $1;
commit;

-- ExportRepo.clearStaleBuilds
-- sqlite
update "user_exports"
  set "build_started" = ?
  where "build_started" < ?;
-- postgres
update "user_exports"
  set "build_started" = $1
  where "build_started" < $2;

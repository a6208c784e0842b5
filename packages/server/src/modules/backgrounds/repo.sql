-- The SQL of modules/backgrounds/repo.ts, method by method, for SQLite and PostgreSQL.
-- Written by `npm run sql:snapshots` (packages/server/src/db/sql-snapshots); do not edit.

-- BackgroundsRepo.file
-- sqlite
select "id", "name", "mime", "size", "created"
  from "files"
  where "id" = ?;
-- postgres
select "id", "name", "mime", "size", "created"
  from "files"
  where "id" = $1;

-- BackgroundsRepo.insertFile
-- sqlite
insert into "files" ("name", "mime", "size", "created_by_id", "created")
  values (?, ?, ?, ?, ?)
  returning "id";
-- postgres
insert into "files" ("name", "mime", "size", "created_by_id", "created")
  values ($1, $2, $3, $4, $5)
  returning "id";

-- BackgroundsRepo.setBackground
-- sqlite
update "projects"
  set "background_file_id" = ?, "background_blur_hash" = ?, "updated" = ?
  where "id" = ?;
-- postgres
update "projects"
  set "background_file_id" = $1, "background_blur_hash" = $2, "updated" = $3
  where "id" = $4;

-- BackgroundsRepo.fileIdsOfProjects
-- sqlite
select "background_file_id"
  from "projects"
  where "id" in (?, ?) and "background_file_id" is not null;
-- postgres
select "background_file_id"
  from "projects"
  where "id" in ($1, $2) and "background_file_id" is not null;

-- BackgroundsRepo.deleteFiles
-- sqlite
delete
  from "files"
  where "id" in (?, ?);
-- postgres
delete
  from "files"
  where "id" in ($1, $2);

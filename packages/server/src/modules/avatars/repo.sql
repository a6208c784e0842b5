-- The SQL of modules/avatars/repo.ts, method by method, for SQLite and PostgreSQL.
-- Written by `npm run sql:snapshots` (packages/server/src/db/sql-snapshots); do not edit.

-- AvatarsRepo.ownerByUsername
-- sqlite
select "id", "username", "name", "email", "avatar_provider", "avatar_file_id"
  from "users"
  where lower(username) = lower(?);
-- postgres
select "id", "username", "name", "email", "avatar_provider", "avatar_file_id"
  from "users"
  where lower(username) = lower($1);

-- AvatarsRepo.ownerById
-- sqlite
select "id", "username", "name", "email", "avatar_provider", "avatar_file_id"
  from "users"
  where "id" = ?;
-- postgres
select "id", "username", "name", "email", "avatar_provider", "avatar_file_id"
  from "users"
  where "id" = $1;

-- AvatarsRepo.setProvider
-- sqlite
update "users"
  set "avatar_provider" = ?, "updated" = ?
  where "id" = ?;
-- postgres
update "users"
  set "avatar_provider" = $1, "updated" = $2
  where "id" = $3;

-- AvatarsRepo.replacePicture
-- sqlite
select "avatar_file_id"
  from "users"
  where "id" = ?;
insert into "files" ("name", "mime", "size", "created_by_id", "created")
  values (?, ?, ?, ?, ?)
  returning "id";
update "users"
  set "avatar_provider" = ?, "avatar_file_id" = ?, "updated" = ?
  where "id" = ?;
delete
  from "files"
  where "id" = ?;
-- postgres
select "avatar_file_id"
  from "users"
  where "id" = $1;
insert into "files" ("name", "mime", "size", "created_by_id", "created")
  values ($1, $2, $3, $4, $5)
  returning "id";
update "users"
  set "avatar_provider" = $1, "avatar_file_id" = $2, "updated" = $3
  where "id" = $4;
delete
  from "files"
  where "id" = $1;

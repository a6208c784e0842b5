-- The SQL of modules/openid/repo.ts, method by method, for SQLite and PostgreSQL.
-- Written by `npm run sql:snapshots` (packages/server/src/db/sql-snapshots); do not edit.

-- OpenIdUsersRepo.find
-- sqlite
select *
  from "users"
  where "issuer" = ? and "subject" = ?;
-- postgres
select *
  from "users"
  where "issuer" = $1 and "subject" = $2;

-- OpenIdUsersRepo.usernameTaken
-- sqlite
select "id"
  from "users"
  where lower(username) = lower(?);
-- postgres
select "id"
  from "users"
  where lower(username) = lower($1);

-- OpenIdUsersRepo.updateProfile
-- sqlite
update "users"
  set "name" = ?, "email" = ?, "updated" = ?
  where "id" = ?;
-- postgres
update "users"
  set "name" = $1, "email" = $2, "updated" = $3
  where "id" = $4;

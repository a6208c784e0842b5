-- The SQL of modules/auth/totp-repo.ts, method by method, for SQLite and PostgreSQL.
-- Written by `npm run sql:snapshots` (packages/server/src/db/sql-snapshots); do not edit.

-- TotpRepo.find
-- sqlite
select *
  from "totp"
  where "user_id" = ?;
-- postgres
select *
  from "totp"
  where "user_id" = $1;

-- TotpRepo.replaceSecret
-- sqlite
begin;
delete
  from "totp"
  where "user_id" = ?;
insert into "totp" ("user_id", "secret", "created")
  values (?, ?, ?);
commit;
-- postgres
begin;
delete
  from "totp"
  where "user_id" = $1;
insert into "totp" ("user_id", "secret", "created")
  values ($1, $2, $3);
commit;

-- TotpRepo.enable
-- sqlite
update "totp"
  set "enabled" = ?, "last_used_step" = ?, "failed_attempts" = ?
  where "user_id" = ?;
-- postgres
update "totp"
  set "enabled" = $1, "last_used_step" = $2, "failed_attempts" = $3
  where "user_id" = $4;

-- TotpRepo.delete
-- sqlite
delete
  from "totp"
  where "user_id" = ?;
-- postgres
delete
  from "totp"
  where "user_id" = $1;

-- TotpRepo.useStep
-- sqlite
update "totp"
  set "last_used_step" = ?
  where "user_id" = ?;
-- postgres
update "totp"
  set "last_used_step" = $1
  where "user_id" = $2;

-- The SQL of modules/users/repo.ts, method by method, for SQLite and PostgreSQL.
-- Written by `npm run sql:snapshots` (packages/server/src/db/sql-snapshots); do not edit.

-- UsersRepo.findById
-- sqlite
select *
  from "users"
  where "id" = ?;
-- postgres
select *
  from "users"
  where "id" = $1;

-- UsersRepo.findByUsername
-- sqlite
select *
  from "users"
  where lower(username) = lower(?);
-- postgres
select *
  from "users"
  where lower(username) = lower($1);

-- UsersRepo.findByEmail
-- sqlite
select *
  from "users"
  where lower(email) = ?
  order by case when issuer = 'local' then 0 else 1 end, "id";
-- postgres
select *
  from "users"
  where lower(email) = $1
  order by case when issuer = 'local' then 0 else 1 end, "id";

-- UsersRepo.findBySubject
-- sqlite
select *
  from "users"
  where "issuer" = ? and "subject" = ?;
-- postgres
select *
  from "users"
  where "issuer" = $1 and "subject" = $2;

-- UsersRepo.findByLogin
-- sqlite
select *
  from "users"
  where lower(username) = lower(?);
-- postgres
select *
  from "users"
  where lower(username) = lower($1);

-- UsersRepo.insert
-- sqlite
insert into "users" ("username", "email", "name", "password_hash", "created", "updated")
  values (?, ?, ?, ?, ?, ?)
  returning *;
-- postgres
insert into "users" ("username", "email", "name", "password_hash", "created", "updated")
  values ($1, $2, $3, $4, $5, $6)
  returning *;

-- UsersRepo.listAll
-- sqlite
select *
  from "users"
  order by "id";
-- postgres
select *
  from "users"
  order by "id";

-- UsersRepo.replacePassword
-- sqlite
begin;
update "users"
  set "password_hash" = ?, "updated" = ?
  where "id" = ?;
update "users"
  set "status" = ?
  where "id" = ? and "status" = ?;
update "totp"
  set "failed_attempts" = ?
  where "user_id" = ?;
delete
  from "sessions"
  where "user_id" = ?;
commit;
-- postgres
begin;
update "users"
  set "password_hash" = $1, "updated" = $2
  where "id" = $3;
update "users"
  set "status" = $1
  where "id" = $2 and "status" = $3;
update "totp"
  set "failed_attempts" = $1
  where "user_id" = $2;
delete
  from "sessions"
  where "user_id" = $1;
commit;

-- UsersRepo.resetPassword
-- sqlite
update "users"
  set "password_hash" = ?, "status" = ?, "updated" = ?
  where "id" = ?;
delete
  from "sessions"
  where "user_id" = ?;
update "totp"
  set "failed_attempts" = ?
  where "user_id" = ?;
-- postgres
update "users"
  set "password_hash" = $1, "status" = $2, "updated" = $3
  where "id" = $4;
delete
  from "sessions"
  where "user_id" = $1;
update "totp"
  set "failed_attempts" = $1
  where "user_id" = $2;

-- UsersRepo.confirmEmail
-- sqlite
update "users"
  set "status" = ?
  where "id" = ? and "status" = ?;
-- postgres
update "users"
  set "status" = $1
  where "id" = $2 and "status" = $3;

-- UsersRepo.delete
-- sqlite
delete
  from "users"
  where "id" = ?;
-- postgres
delete
  from "users"
  where "id" = $1;

-- UsersRepo.update
-- sqlite
update "users"
  set "name" = ?, "updated" = ?
  where "id" = ?;
-- postgres
update "users"
  set "name" = $1, "updated" = $2
  where "id" = $3;

-- UsersRepo.search
-- sqlite
select *
  from "users"
  where "status" != ? and (lower(username) = ? or ("discoverable_by_name" = ? and lower(name) like ? escape '\') or ("discoverable_by_email" = ? and lower(email) = ?) or ("id" in (select "theirs"."user_id"
  from "team_members" as "theirs"
  inner join "teams" on "teams"."id" = "theirs"."team_id"
  inner join "team_members" as "mine" on "mine"."team_id" = "theirs"."team_id"
  where "teams"."external_id" != ? and "mine"."user_id" = ?) and (lower(name) like ? escape '\' or lower(email) = ?)))
  order by "id"
  limit ?;
-- postgres
select *
  from "users"
  where "status" != $1 and (lower(username) = $2 or ("discoverable_by_name" = $3 and lower(name) like $4 escape '\') or ("discoverable_by_email" = $5 and lower(email) = $6) or ("id" in (select "theirs"."user_id"
  from "team_members" as "theirs"
  inner join "teams" on "teams"."id" = "theirs"."team_id"
  inner join "team_members" as "mine" on "mine"."team_id" = "theirs"."team_id"
  where "teams"."external_id" != $7 and "mine"."user_id" = $8) and (lower(name) like $9 escape '\' or lower(email) = $10)))
  order by "id"
  limit $11;

-- The SQL of modules/auth/sessions-repo.ts, method by method, for SQLite and PostgreSQL.
-- Written by `npm run sql:snapshots` (packages/server/src/db/sql-snapshots); do not edit.

-- SessionsRepo.create
-- sqlite
insert into "sessions" ("id", "user_id", "long_lived", "device_info", "ip_address", "created", "last_active")
  values (?, ?, ?, ?, ?, ?, ?);
-- postgres
insert into "sessions" ("id", "user_id", "long_lived", "device_info", "ip_address", "created", "last_active")
  values ($1, $2, $3, $4, $5, $6, $7);

-- SessionsRepo.activeUser
-- sqlite
select "users".*
  from "sessions"
  inner join "users" on "users"."id" = "sessions"."user_id"
  where "sessions"."id" = ? and "users"."status" = ?;
-- postgres
select "users".*
  from "sessions"
  inner join "users" on "users"."id" = "sessions"."user_id"
  where "sessions"."id" = $1 and "users"."status" = $2;

-- SessionsRepo.listOfUser
-- sqlite
select *
  from "sessions"
  where "user_id" = ?
  order by "last_active" desc, "created" desc, "id"
  limit ? offset ?;
select count(*) as "n"
  from "sessions"
  where "user_id" = ?;
-- postgres
select *
  from "sessions"
  where "user_id" = $1
  order by "last_active" desc, "created" desc, "id"
  limit $2 offset $3;
select count(*) as "n"
  from "sessions"
  where "user_id" = $1;

-- SessionsRepo.ownerOf
-- sqlite
select "user_id"
  from "sessions"
  where "id" = ?;
-- postgres
select "user_id"
  from "sessions"
  where "id" = $1;

-- SessionsRepo.touch
-- sqlite
update "sessions"
  set "last_active" = ?
  where "id" = ?;
-- postgres
update "sessions"
  set "last_active" = $1
  where "id" = $2;

-- SessionsRepo.delete
-- sqlite
delete
  from "sessions"
  where "id" = ?;
-- postgres
delete
  from "sessions"
  where "id" = $1;

-- SessionsRepo.deleteExpired
-- sqlite
delete
  from "sessions"
  where "user_id" = ? and (("long_lived" = ? and "last_active" < ?) or "last_active" < ?);
-- postgres
delete
  from "sessions"
  where "user_id" = $1 and (("long_lived" = $2 and "last_active" < $3) or "last_active" < $4);

-- SessionsRepo.deleteAllForUser
-- sqlite
delete
  from "sessions"
  where "user_id" = ?;
-- postgres
delete
  from "sessions"
  where "user_id" = $1;

-- The SQL of modules/caldav/tokens-repo.ts, method by method, for SQLite and PostgreSQL.
-- Written by `npm run sql:snapshots` (packages/server/src/db/sql-snapshots); do not edit.

-- CaldavTokensRepo.insert
-- sqlite
insert into "caldav_tokens" ("user_id", "token_hash", "created")
  values (?, ?, ?)
  returning *;
-- postgres
insert into "caldav_tokens" ("user_id", "token_hash", "created")
  values ($1, $2, $3)
  returning *;

-- CaldavTokensRepo.listOfUser
-- sqlite
select *
  from "caldav_tokens"
  where "user_id" = ?
  order by "id";
-- postgres
select *
  from "caldav_tokens"
  where "user_id" = $1
  order by "id";

-- CaldavTokensRepo.deleteOfUser
-- sqlite
delete
  from "caldav_tokens"
  where "id" = ? and "user_id" = ?;
-- postgres
delete
  from "caldav_tokens"
  where "id" = $1 and "user_id" = $2;

-- CaldavTokensRepo.userHolds
-- sqlite
select "user_id"
  from "caldav_tokens"
  where "token_hash" = ?;
-- postgres
select "user_id"
  from "caldav_tokens"
  where "token_hash" = $1;

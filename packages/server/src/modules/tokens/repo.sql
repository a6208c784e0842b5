-- The SQL of modules/tokens/repo.ts, method by method, for SQLite and PostgreSQL.
-- Written by `npm run sql:snapshots` (packages/server/src/db/sql-snapshots); do not edit.

-- ApiTokensRepo.candidates
-- sqlite
select "users".*, "api_tokens"."id" as "token_id", "api_tokens"."token_salt", "api_tokens"."token_hash", "api_tokens"."permissions", "api_tokens"."expires_at"
  from "api_tokens"
  inner join "users" on "users"."id" = "api_tokens"."owner_id"
  where "api_tokens"."token_last_eight" = ? and "users"."status" = ?;
-- postgres
select "users".*, "api_tokens"."id" as "token_id", "api_tokens"."token_salt", "api_tokens"."token_hash", "api_tokens"."permissions", "api_tokens"."expires_at"
  from "api_tokens"
  inner join "users" on "users"."id" = "api_tokens"."owner_id"
  where "api_tokens"."token_last_eight" = $1 and "users"."status" = $2;

-- ApiTokensRepo.insert
-- sqlite
insert into "api_tokens" ("title", "token_salt", "token_hash", "token_last_eight", "permissions", "expires_at", "owner_id", "created", "updated")
  values (?, ?, ?, ?, ?, ?, ?, ?, ?)
  returning *;
-- postgres
insert into "api_tokens" ("title", "token_salt", "token_hash", "token_last_eight", "permissions", "expires_at", "owner_id", "created", "updated")
  values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
  returning *;

-- ApiTokensRepo.listForOwner
-- sqlite
select *
  from "api_tokens"
  where "owner_id" = ? and ordo_lower("title") LIKE ? ESCAPE '\'
  order by "id" desc
  limit ? offset ?;
select count(*) as "n"
  from "api_tokens"
  where "owner_id" = ? and ordo_lower("title") LIKE ? ESCAPE '\';
-- postgres
select *
  from "api_tokens"
  where "owner_id" = $1 and ordo_lower("title") LIKE $2 ESCAPE '\'
  order by "id" desc
  limit $3 offset $4;
select count(*) as "n"
  from "api_tokens"
  where "owner_id" = $1 and ordo_lower("title") LIKE $2 ESCAPE '\';

-- ApiTokensRepo.find
-- sqlite
select *
  from "api_tokens"
  where "id" = ?;
-- postgres
select *
  from "api_tokens"
  where "id" = $1;

-- ApiTokensRepo.delete
-- sqlite
delete
  from "api_tokens"
  where "id" = ?;
-- postgres
delete
  from "api_tokens"
  where "id" = $1;

-- The SQL of modules/auth/account-tokens-repo.ts, method by method, for SQLite and PostgreSQL.
-- Written by `npm run sql:snapshots` (packages/server/src/db/sql-snapshots); do not edit.

-- AccountTokensRepo.issue
-- sqlite
insert into "account_tokens" ("user_id", "kind", "token_hash", "created")
  values (?, ?, ?, ?);
-- postgres
insert into "account_tokens" ("user_id", "kind", "token_hash", "created")
  values ($1, $2, $3, $4);

-- AccountTokensRepo.redeem
-- sqlite
delete
  from "account_tokens"
  where "token_hash" = ? and "kind" = ?
  returning "user_id", "created";
-- postgres
delete
  from "account_tokens"
  where "token_hash" = $1 and "kind" = $2
  returning "user_id", "created";

-- AccountTokensRepo.owner
-- sqlite
select "user_id", "created"
  from "account_tokens"
  where "token_hash" = ? and "kind" = ?;
-- postgres
select "user_id", "created"
  from "account_tokens"
  where "token_hash" = $1 and "kind" = $2;

-- AccountTokensRepo.revokeAll
-- sqlite
delete
  from "account_tokens"
  where "user_id" = ? and "kind" = ?;
-- postgres
delete
  from "account_tokens"
  where "user_id" = $1 and "kind" = $2;

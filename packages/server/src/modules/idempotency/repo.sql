-- The SQL of modules/idempotency/repo.ts, method by method, for SQLite and PostgreSQL.
-- Written by `npm run sql:snapshots` (packages/server/src/db/sql-snapshots); do not edit.

-- IdempotencyRepo.claim
-- sqlite
insert into "idempotency_keys" ("principal_id", "key", "fingerprint", "state", "created")
  values (?, ?, ?, ?, ?)
  on conflict ("principal_id", "key") do nothing
  returning "created";
-- postgres
insert into "idempotency_keys" ("principal_id", "key", "fingerprint", "state", "created")
  values ($1, $2, $3, $4, $5)
  on conflict ("principal_id", "key") do nothing
  returning "created";

-- IdempotencyRepo.find
-- sqlite
select *
  from "idempotency_keys"
  where "principal_id" = ? and "key" = ?;
-- postgres
select *
  from "idempotency_keys"
  where "principal_id" = $1 and "key" = $2;

-- IdempotencyRepo.takeOverExpired
-- sqlite
update "idempotency_keys"
  set "fingerprint" = ?, "state" = ?, "status_code" = ?, "content_type" = ?, "body" = ?, "created" = ?
  where "principal_id" = ? and "key" = ? and "created" < ?;
-- postgres
update "idempotency_keys"
  set "fingerprint" = $1, "state" = $2, "status_code" = $3, "content_type" = $4, "body" = $5, "created" = $6
  where "principal_id" = $7 and "key" = $8 and "created" < $9;

-- IdempotencyRepo.complete
-- sqlite
update "idempotency_keys"
  set "state" = ?, "status_code" = ?, "content_type" = ?, "body" = ?
  where "principal_id" = ? and "key" = ?;
-- postgres
update "idempotency_keys"
  set "state" = $1, "status_code" = $2, "content_type" = $3, "body" = $4
  where "principal_id" = $5 and "key" = $6;

-- IdempotencyRepo.markFailed
-- sqlite
update "idempotency_keys"
  set "state" = ?
  where "principal_id" = ? and "key" = ?;
-- postgres
update "idempotency_keys"
  set "state" = $1
  where "principal_id" = $2 and "key" = $3;

-- IdempotencyRepo.release
-- sqlite
delete
  from "idempotency_keys"
  where "principal_id" = ? and "key" = ? and "state" = ?;
-- postgres
delete
  from "idempotency_keys"
  where "principal_id" = $1 and "key" = $2 and "state" = $3;

-- IdempotencyRepo.prune
-- sqlite
delete
  from "idempotency_keys"
  where "created" < ?;
-- postgres
delete
  from "idempotency_keys"
  where "created" < $1;

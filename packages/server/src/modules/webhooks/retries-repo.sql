-- The SQL of modules/webhooks/retries-repo.ts, method by method, for SQLite and PostgreSQL.
-- Written by `npm run sql:snapshots` (packages/server/src/db/sql-snapshots); do not edit.

-- WebhookRetriesRepo.schedule
-- sqlite
insert into "webhook_retries" ("webhook_id", "event_name", "body", "attempts", "due_at", "claimed_until")
  values (?, ?, ?, ?, ?, ?);
-- postgres
insert into "webhook_retries" ("webhook_id", "event_name", "body", "attempts", "due_at", "claimed_until")
  values ($1, $2, $3, $4, $5, $6);

-- WebhookRetriesRepo.anyDue
-- sqlite
select "id"
  from "webhook_retries"
  where "due_at" <= ?
  limit ?;
-- postgres
select "id"
  from "webhook_retries"
  where "due_at" <= $1
  limit $2;

-- WebhookRetriesRepo.claimDue
-- sqlite
update "webhook_retries"
  set "claimed_until" = ?
  where "id" in (select "id"
  from "webhook_retries"
  where ("claimed_until" is null or "claimed_until" < ?) and "due_at" <= ?
  order by "due_at"
  limit ?) and ("claimed_until" is null or "claimed_until" < ?)
  returning *;
-- postgres
update "webhook_retries"
  set "claimed_until" = $1
  where "id" in (select "id"
  from "webhook_retries"
  where ("claimed_until" is null or "claimed_until" < $2) and "due_at" <= $3
  order by "due_at"
  limit $4) and ("claimed_until" is null or "claimed_until" < $5)
  returning *;

-- WebhookRetriesRepo.reschedule
-- sqlite
update "webhook_retries"
  set "attempts" = ?, "due_at" = ?, "claimed_until" = ?
  where "id" = ?;
-- postgres
update "webhook_retries"
  set "attempts" = $1, "due_at" = $2, "claimed_until" = $3
  where "id" = $4;

-- WebhookRetriesRepo.remove
-- sqlite
delete
  from "webhook_retries"
  where "id" = ?;
-- postgres
delete
  from "webhook_retries"
  where "id" = $1;

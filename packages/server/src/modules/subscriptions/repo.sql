-- The SQL of modules/subscriptions/repo.ts, method by method, for SQLite and PostgreSQL.
-- Written by `npm run sql:snapshots` (packages/server/src/db/sql-snapshots); do not edit.

-- SubscriptionsRepo.ofUser
-- sqlite
select *
  from "subscriptions"
  where "user_id" = ? and (("entity_type" = ? and "entity_id" in (?)) or ("entity_type" = ? and "entity_id" in (?, ?)));
-- postgres
select *
  from "subscriptions"
  where "user_id" = $1 and (("entity_type" = $2 and "entity_id" in ($3)) or ("entity_type" = $4 and "entity_id" in ($5, $6)));

-- SubscriptionsRepo.subscribers
-- sqlite
select distinct "user_id"
  from "subscriptions"
  where (("entity_type" = ? and "entity_id" in (?)) or ("entity_type" = ? and "entity_id" in (?, ?)));
-- postgres
select distinct "user_id"
  from "subscriptions"
  where (("entity_type" = $1 and "entity_id" in ($2)) or ("entity_type" = $3 and "entity_id" in ($4, $5)));

-- SubscriptionsRepo.insert
-- sqlite
insert into "subscriptions" ("user_id", "entity_type", "entity_id", "created")
  values (?, ?, ?, ?)
  returning *;
-- postgres
insert into "subscriptions" ("user_id", "entity_type", "entity_id", "created")
  values ($1, $2, $3, $4)
  returning *;

-- SubscriptionsRepo.remove
-- sqlite
delete
  from "subscriptions"
  where "user_id" = ? and "entity_type" = ? and "entity_id" = ?;
-- postgres
delete
  from "subscriptions"
  where "user_id" = $1 and "entity_type" = $2 and "entity_id" = $3;

-- SubscriptionsRepo.removeAllOf
-- sqlite
delete
  from "subscriptions"
  where "entity_type" = ? and "entity_id" in (?, ?);
-- postgres
delete
  from "subscriptions"
  where "entity_type" = $1 and "entity_id" in ($2, $3);

-- The SQL of modules/migration/status-repo.ts, method by method, for SQLite and PostgreSQL.
-- Written by `npm run sql:snapshots` (packages/server/src/db/sql-snapshots); do not edit.

-- MigrationStatusRepo.find
-- sqlite
select *
  from "migration_status"
  where "id" = ?;
-- postgres
select *
  from "migration_status"
  where "id" = $1;

-- MigrationStatusRepo.latest
-- sqlite
select *
  from "migration_status"
  where "user_id" = ? and "migrator_name" = ?
  order by "id" desc;
-- postgres
select *
  from "migration_status"
  where "user_id" = $1 and "migrator_name" = $2
  order by "id" desc;

-- MigrationStatusRepo.running
-- sqlite
select *
  from "migration_status"
  where "user_id" = ? and "finished_at" is null;
-- postgres
select *
  from "migration_status"
  where "user_id" = $1 and "finished_at" is null;

-- MigrationStatusRepo.start
-- sqlite
insert into "migration_status" ("user_id", "migrator_name", "started_at", "finished_at", "state", "stage", "error", "result", "heartbeat_at", "created")
  values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
  returning *;
-- postgres
insert into "migration_status" ("user_id", "migrator_name", "started_at", "finished_at", "state", "stage", "error", "result", "heartbeat_at", "created")
  values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
  returning *;

-- MigrationStatusRepo.progress
-- sqlite
update "migration_status"
  set "stage" = ?, "done_count" = ?, "total" = ?, "created" = ?, "heartbeat_at" = ?
  where "id" = ?;
-- postgres
update "migration_status"
  set "stage" = $1, "done_count" = $2, "total" = $3, "created" = $4, "heartbeat_at" = $5
  where "id" = $6;

-- MigrationStatusRepo.finish
-- sqlite
update "migration_status"
  set "state" = ?, "stage" = ?, "finished_at" = ?, "error" = ?, "result" = ?, "created" = ?
  where "id" = ?;
-- postgres
update "migration_status"
  set "state" = $1, "stage" = $2, "finished_at" = $3, "error" = $4, "result" = $5, "created" = $6
  where "id" = $7;

-- MigrationStatusRepo.delete
-- sqlite
delete
  from "migration_status"
  where "id" = ?;
-- postgres
delete
  from "migration_status"
  where "id" = $1;

-- MigrationStatusRepo.requestCancel
-- sqlite
update "migration_status"
  set "cancel_requested" = ?
  where "id" = ? and "state" = ?;
-- postgres
update "migration_status"
  set "cancel_requested" = $1
  where "id" = $2 and "state" = $3;

-- MigrationStatusRepo.cancelRequested
-- sqlite
select "cancel_requested"
  from "migration_status"
  where "id" = ?;
-- postgres
select "cancel_requested"
  from "migration_status"
  where "id" = $1;

-- MigrationStatusRepo.stale
-- sqlite
select *
  from "migration_status"
  where "state" = ? and ("heartbeat_at" is null or "heartbeat_at" < ?) and "user_id" = ?;
-- postgres
select *
  from "migration_status"
  where "state" = $1 and ("heartbeat_at" is null or "heartbeat_at" < $2) and "user_id" = $3;

-- MigrationStatusRepo.claimStale
-- sqlite
update "migration_status"
  set "stage" = ?, "heartbeat_at" = ?
  where "id" = ? and "state" = ? and ("heartbeat_at" is null or "heartbeat_at" < ?);
-- postgres
update "migration_status"
  set "stage" = $1, "heartbeat_at" = $2
  where "id" = $3 and "state" = $4 and ("heartbeat_at" is null or "heartbeat_at" < $5);

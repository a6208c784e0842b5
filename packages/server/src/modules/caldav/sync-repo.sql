-- The SQL of modules/caldav/sync-repo.ts, method by method, for SQLite and PostgreSQL.
-- Written by `npm run sql:snapshots` (packages/server/src/db/sql-snapshots); do not edit.

-- SyncRepo.states
-- sqlite
select "project_id", "seq", "floor"
  from "caldav_sync_state"
  where "project_id" in (?, ?);
-- postgres
select "project_id", "seq", "floor"
  from "caldav_sync_state"
  where "project_id" in ($1, $2);

-- SyncRepo.state
-- sqlite
select "project_id", "seq", "floor"
  from "caldav_sync_state"
  where "project_id" in (?);
-- postgres
select "project_id", "seq", "floor"
  from "caldav_sync_state"
  where "project_id" in ($1);

-- SyncRepo.changesSince
-- sqlite
select "name", "task_id", "deleted"
  from "caldav_changes"
  where "project_id" = ? and "seq" > ? and "seq" <= ? and ("deleted" = ? or "born" <= ?)
  order by "seq";
-- postgres
select "name", "task_id", "deleted"
  from "caldav_changes"
  where "project_id" = $1 and "seq" > $2 and "seq" <= $3 and ("deleted" = $4 or "born" <= $5)
  order by "seq";

-- SyncRepo.pruneTombstones
-- sqlite
begin;
select "project_id", max("seq") as "seq"
  from "caldav_changes"
  where "deleted" = ? and "changed_at" < ?
  group by "project_id";
delete
  from "caldav_changes"
  where "deleted" = ? and "changed_at" < ?;
commit;
-- postgres
begin;
select "project_id", max("seq") as "seq"
  from "caldav_changes"
  where "deleted" = $1 and "changed_at" < $2
  group by "project_id";
delete
  from "caldav_changes"
  where "deleted" = $1 and "changed_at" < $2;
commit;

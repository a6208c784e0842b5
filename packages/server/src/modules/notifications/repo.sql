-- The SQL of modules/notifications/repo.ts, method by method, for SQLite and PostgreSQL.
-- Written by `npm run sql:snapshots` (packages/server/src/db/sql-snapshots); do not edit.

-- NotificationsRepo.page
-- sqlite
select *
  from "notifications"
  where "user_id" = ? and ("project_id" is null or "project_id" in SELECT id FROM visible_projects)
  order by "created" desc, "id" desc
  limit ? offset ?;
select count(*) as "n"
  from "notifications"
  where "user_id" = ? and ("project_id" is null or "project_id" in SELECT id FROM visible_projects);
-- postgres
select *
  from "notifications"
  where "user_id" = $1 and ("project_id" is null or "project_id" in SELECT id FROM visible_projects)
  order by "created" desc, "id" desc
  limit $2 offset $3;
select count(*) as "n"
  from "notifications"
  where "user_id" = $1 and ("project_id" is null or "project_id" in SELECT id FROM visible_projects);

-- NotificationsRepo.find
-- sqlite
select *
  from "notifications"
  where "id" = ?;
-- postgres
select *
  from "notifications"
  where "id" = $1;

-- NotificationsRepo.setReadAt
-- sqlite
update "notifications"
  set "read_at" = ?
  where "id" = ?;
-- postgres
update "notifications"
  set "read_at" = $1
  where "id" = $2;

-- NotificationsRepo.markAllRead
-- sqlite
update "notifications"
  set "read_at" = ?
  where "user_id" = ? and "read_at" is null;
-- postgres
update "notifications"
  set "read_at" = $1
  where "user_id" = $2 and "read_at" is null;

-- NotificationsRepo.findMany
-- sqlite
select *
  from "notifications"
  where "id" in (?, ?);
-- postgres
select *
  from "notifications"
  where "id" in ($1, $2);

-- NotificationsRepo.insertMany
-- sqlite
insert into "notifications" ("user_id", "name", "payload", "project_id", "read_at", "created")
  values (?, ?, ?, ?, ?, ?)
  returning "id", "user_id";
-- postgres
insert into "notifications" ("user_id", "name", "payload", "project_id", "read_at", "created")
  values ($1, $2, $3, $4, $5, $6)
  returning "id", "user_id";

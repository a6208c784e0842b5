-- The SQL of modules/webhooks/repo.ts, method by method, for SQLite and PostgreSQL.
-- Written by `npm run sql:snapshots` (packages/server/src/db/sql-snapshots); do not edit.

-- WebhooksRepo.insert
-- sqlite
insert into "webhooks" ("project_id", "user_id", "target_url", "events", "secret", "basic_auth_user", "basic_auth_password", "created_by_id", "created", "updated")
  values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
  returning *;
-- postgres
insert into "webhooks" ("project_id", "user_id", "target_url", "events", "secret", "basic_auth_user", "basic_auth_password", "created_by_id", "created", "updated")
  values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
  returning *;

-- WebhooksRepo.pageOf
-- sqlite
select *
  from "webhooks"
  where "project_id" = ?
  order by "id"
  limit ? offset ?;
select count(*) as "n"
  from "webhooks"
  where "project_id" = ?;
-- postgres
select *
  from "webhooks"
  where "project_id" = $1
  order by "id"
  limit $2 offset $3;
select count(*) as "n"
  from "webhooks"
  where "project_id" = $1;

-- WebhooksRepo.pageOf (user)
-- sqlite
select *
  from "webhooks"
  where "user_id" = ?
  order by "id"
  limit ? offset ?;
select count(*) as "n"
  from "webhooks"
  where "user_id" = ?;
-- postgres
select *
  from "webhooks"
  where "user_id" = $1
  order by "id"
  limit $2 offset $3;
select count(*) as "n"
  from "webhooks"
  where "user_id" = $1;

-- WebhooksRepo.find
-- sqlite
select *
  from "webhooks"
  where "id" = ?;
-- postgres
select *
  from "webhooks"
  where "id" = $1;

-- WebhooksRepo.updateEvents
-- sqlite
update "webhooks"
  set "events" = ?, "updated" = ?
  where "id" = ?
  returning *;
-- postgres
update "webhooks"
  set "events" = $1, "updated" = $2
  where "id" = $3
  returning *;

-- WebhooksRepo.delete
-- sqlite
delete
  from "webhooks"
  where "id" = ?;
-- postgres
delete
  from "webhooks"
  where "id" = $1;

-- WebhooksRepo.anyNaming
-- sqlite
select "id"
  from "webhooks"
  where "events" like ?
  limit ?;
-- postgres
select "id"
  from "webhooks"
  where "events" like $1
  limit $2;

-- WebhooksRepo.ofOwners
-- sqlite
select *
  from "webhooks"
  where ("project_id" in (?, ?) or "user_id" in (?))
  order by "id";
-- postgres
select *
  from "webhooks"
  where ("project_id" in ($1, $2) or "user_id" in ($3))
  order by "id";

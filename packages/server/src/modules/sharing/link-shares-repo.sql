-- The SQL of modules/sharing/link-shares-repo.ts, method by method, for SQLite and PostgreSQL.
-- Written by `npm run sql:snapshots` (packages/server/src/db/sql-snapshots); do not edit.

-- LinkSharesRepo.findForToken
-- sqlite
SELECT * FROM link_shares WHERE id = ?;
-- postgres
SELECT * FROM link_shares WHERE id = $1;

-- LinkSharesRepo.findByHash
-- sqlite
select *
  from "link_shares"
  where "hash" = ?;
-- postgres
select *
  from "link_shares"
  where "hash" = $1;

-- LinkSharesRepo.findInProject
-- sqlite
select *
  from "link_shares"
  where "id" = ? and "project_id" = ?;
-- postgres
select *
  from "link_shares"
  where "id" = $1 and "project_id" = $2;

-- LinkSharesRepo.list
-- sqlite
select *
  from "link_shares"
  where "project_id" = ? and ordo_lower("name") LIKE ? ESCAPE '\'
  order by "id"
  limit ? offset ?;
select count(*) as "n"
  from "link_shares"
  where "project_id" = ? and ordo_lower("name") LIKE ? ESCAPE '\';
-- postgres
select *
  from "link_shares"
  where "project_id" = $1 and ordo_lower("name") LIKE $2 ESCAPE '\'
  order by "id"
  limit $3 offset $4;
select count(*) as "n"
  from "link_shares"
  where "project_id" = $1 and ordo_lower("name") LIKE $2 ESCAPE '\';

-- LinkSharesRepo.insert
-- sqlite
insert into "link_shares" ("hash", "name", "project_id", "right", "sharing_type", "password_hash", "shared_by_id", "created", "updated")
  values (?, ?, ?, ?, ?, ?, ?, ?, ?)
  returning *;
-- postgres
insert into "link_shares" ("hash", "name", "project_id", "right", "sharing_type", "password_hash", "shared_by_id", "created", "updated")
  values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
  returning *;

-- LinkSharesRepo.delete
-- sqlite
delete
  from "link_shares"
  where "id" = ?;
-- postgres
delete
  from "link_shares"
  where "id" = $1;

-- LinkSharesRepo.usersByIds
-- sqlite
select *
  from "users"
  where "id" in (?, ?);
-- postgres
select *
  from "users"
  where "id" in ($1, $2);

-- The SQL of modules/filters/repo.ts, method by method, for SQLite and PostgreSQL.
-- Written by `npm run sql:snapshots` (packages/server/src/db/sql-snapshots); do not edit.

-- SavedFiltersRepo.find
-- sqlite
select *
  from "saved_filters"
  where "id" = ?;
-- postgres
select *
  from "saved_filters"
  where "id" = $1;

-- SavedFiltersRepo.listOwned
-- sqlite
select *
  from "saved_filters"
  where "owner_id" = ? and ordo_lower("title") LIKE ? ESCAPE '\'
  order by "id";
-- postgres
select *
  from "saved_filters"
  where "owner_id" = $1 and ordo_lower("title") LIKE $2 ESCAPE '\'
  order by "id";

-- SavedFiltersRepo.insert
-- sqlite
insert into "saved_filters" ("owner_id", "title", "description", "filters", "is_favorite", "created", "updated")
  values (?, ?, ?, ?, ?, ?, ?)
  returning *;
-- postgres
insert into "saved_filters" ("owner_id", "title", "description", "filters", "is_favorite", "created", "updated")
  values ($1, $2, $3, $4, $5, $6, $7)
  returning *;

-- SavedFiltersRepo.update
-- sqlite
update "saved_filters"
  set "title" = ?, "updated" = ?
  where "id" = ?;
-- postgres
update "saved_filters"
  set "title" = $1, "updated" = $2
  where "id" = $3;

-- SavedFiltersRepo.delete
-- sqlite
delete
  from "saved_filters"
  where "id" = ?;
-- postgres
delete
  from "saved_filters"
  where "id" = $1;

-- SavedFiltersRepo.user
-- sqlite
select *
  from "users"
  where "id" = ?;
-- postgres
select *
  from "users"
  where "id" = $1;

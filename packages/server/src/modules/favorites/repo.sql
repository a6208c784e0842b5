-- The SQL of modules/favorites/repo.ts, method by method, for SQLite and PostgreSQL.
-- Written by `npm run sql:snapshots` (packages/server/src/db/sql-snapshots); do not edit.

-- FavoritesRepo.favoriteIds
-- sqlite
select "entity_id"
  from "favorites"
  where "user_id" = ? and "kind" = ? and "entity_id" in (?, ?);
-- postgres
select "entity_id"
  from "favorites"
  where "user_id" = $1 and "kind" = $2 and "entity_id" = any($3);

-- FavoritesRepo.set
-- sqlite
select "entity_id"
  from "favorites"
  where "user_id" = ? and "kind" = ? and "entity_id" in (?);
insert into "favorites" ("user_id", "kind", "entity_id")
  values (?, ?, ?);
-- postgres
select "entity_id"
  from "favorites"
  where "user_id" = $1 and "kind" = $2 and "entity_id" in ($3);
insert into "favorites" ("user_id", "kind", "entity_id")
  values ($1, $2, $3);

-- FavoritesRepo.set (unset)
-- sqlite
select "entity_id"
  from "favorites"
  where "user_id" = ? and "kind" = ? and "entity_id" in (?);
-- postgres
select "entity_id"
  from "favorites"
  where "user_id" = $1 and "kind" = $2 and "entity_id" in ($3);

-- FavoritesRepo.removeAll
-- sqlite
delete
  from "favorites"
  where "kind" = ? and "entity_id" in (?, ?);
-- postgres
delete
  from "favorites"
  where "kind" = $1 and "entity_id" in ($2, $3);

-- FavoritesRepo.hasAny
-- sqlite
select "entity_id"
  from "favorites"
  where "user_id" = ? and "kind" = ?
  limit ?;
-- postgres
select "entity_id"
  from "favorites"
  where "user_id" = $1 and "kind" = $2
  limit $3;

-- The SQL of modules/caldav/collection-names-repo.ts, method by method, for SQLite and PostgreSQL.
-- Written by `npm run sql:snapshots` (packages/server/src/db/sql-snapshots); do not edit.

-- CollectionNamesRepo.projectIdOf
-- sqlite
select "project_id"
  from "caldav_collection_names"
  where "user_id" = ? and "name" = ?;
-- postgres
select "project_id"
  from "caldav_collection_names"
  where "user_id" = $1 and "name" = $2;

-- CollectionNamesRepo.namesOf
-- sqlite
select "project_id", "name"
  from "caldav_collection_names"
  where "user_id" = ?;
-- postgres
select "project_id", "name"
  from "caldav_collection_names"
  where "user_id" = $1;

-- CollectionNamesRepo.insert
-- sqlite
insert into "caldav_collection_names" ("project_id", "user_id", "name")
  values (?, ?, ?);
-- postgres
insert into "caldav_collection_names" ("project_id", "user_id", "name")
  values ($1, $2, $3);

-- The SQL of modules/users/people-repo.ts, method by method, for SQLite and PostgreSQL.
-- Written by `npm run sql:snapshots` (packages/server/src/db/sql-snapshots); do not edit.

-- PeopleRepo.users
-- sqlite
select *
  from "users"
  where "id" in (?, ?);
-- postgres
select *
  from "users"
  where "id" in ($1, $2);

-- PeopleRepo.existingUserIds
-- sqlite
select "id"
  from "users"
  where "id" in (?, ?);
-- postgres
select "id"
  from "users"
  where "id" in ($1, $2);

-- PeopleRepo.linkShares
-- sqlite
select *
  from "link_shares"
  where "id" in (?, ?);
-- postgres
select *
  from "link_shares"
  where "id" in ($1, $2);

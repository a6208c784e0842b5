-- The SQL of modules/reactions/repo.ts, method by method, for SQLite and PostgreSQL.
-- Written by `npm run sql:snapshots` (packages/server/src/db/sql-snapshots); do not edit.

-- ReactionsRepo.ofEntities
-- sqlite
select "users".*, "reactions"."entity_id", "reactions"."value", "reactions"."created" as "reacted"
  from "reactions"
  inner join "users" on "users"."id" = "reactions"."user_id"
  where "reactions"."entity_kind" = ? and "reactions"."entity_id" in (?, ?)
  order by "reactions"."id";
-- postgres
select "users".*, "reactions"."entity_id", "reactions"."value", "reactions"."created" as "reacted"
  from "reactions"
  inner join "users" on "users"."id" = "reactions"."user_id"
  where "reactions"."entity_kind" = $1 and "reactions"."entity_id" in ($2, $3)
  order by "reactions"."id";

-- ReactionsRepo.add
-- sqlite
select "created"
  from "reactions"
  where "entity_kind" = ? and "entity_id" = ? and "user_id" = ? and "value" = ?;
insert into "reactions" ("entity_kind", "entity_id", "task_id", "user_id", "value", "created")
  values (?, ?, ?, ?, ?, ?);
-- postgres
select "created"
  from "reactions"
  where "entity_kind" = $1 and "entity_id" = $2 and "user_id" = $3 and "value" = $4;
insert into "reactions" ("entity_kind", "entity_id", "task_id", "user_id", "value", "created")
  values ($1, $2, $3, $4, $5, $6);

-- ReactionsRepo.remove
-- sqlite
delete
  from "reactions"
  where "entity_kind" = ? and "entity_id" = ? and "user_id" = ? and "value" = ?;
-- postgres
delete
  from "reactions"
  where "entity_kind" = $1 and "entity_id" = $2 and "user_id" = $3 and "value" = $4;

-- ReactionsRepo.removeAllOf
-- sqlite
delete
  from "reactions"
  where "entity_kind" = ? and "entity_id" in (?, ?);
-- postgres
delete
  from "reactions"
  where "entity_kind" = $1 and "entity_id" in ($2, $3);

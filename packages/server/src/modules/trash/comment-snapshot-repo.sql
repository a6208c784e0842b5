-- The SQL of modules/trash/comment-snapshot-repo.ts, method by method, for SQLite and PostgreSQL.
-- Written by `npm run sql:snapshots` (packages/server/src/db/sql-snapshots); do not edit.

-- CommentSnapshotRepo.capture
-- sqlite
select *
  from "reactions"
  where "entity_kind" = ? and "entity_id" = ?;
-- postgres
select *
  from "reactions"
  where "entity_kind" = $1 and "entity_id" = $2;

-- CommentSnapshotRepo.restore
-- sqlite
insert into "task_comments" ("id", "task_id", "author_id", "comment", "created", "updated")
  values (?, ?, ?, ?, ?, ?);
select "id"
  from "users"
  where "id" in (?);
-- postgres
insert into "task_comments" ("id", "task_id", "author_id", "comment", "created", "updated")
  values ($1, $2, $3, $4, $5, $6);
select "id"
  from "users"
  where "id" in ($1);

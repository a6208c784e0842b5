-- The SQL of modules/migration/import-repo.ts, method by method, for SQLite and PostgreSQL.
-- Written by `npm run sql:snapshots` (packages/server/src/db/sql-snapshots); do not edit.

-- ImportRepo.ownLabel
-- sqlite
select "id"
  from "labels"
  where "created_by_id" = ? and "title" = ? and "hex_color" = ?
  order by "id";
-- postgres
select "id"
  from "labels"
  where "created_by_id" = $1 and "title" = $2 and "hex_color" = $3
  order by "id";

-- ImportRepo.taskIdsOfProject
-- sqlite
select "id"
  from "tasks"
  where "project_id" = ?
  limit ?;
-- postgres
select "id"
  from "tasks"
  where "project_id" = $1
  limit $2;

-- ImportRepo.projectExists
-- sqlite
select "id"
  from "projects"
  where "id" = ?;
-- postgres
select "id"
  from "projects"
  where "id" = $1;

-- ImportRepo.deleteTasks
-- sqlite
delete
  from "tasks"
  where "id" in (?, ?);
-- postgres
delete
  from "tasks"
  where "id" in ($1, $2);

-- ImportRepo.deleteBuckets
-- sqlite
delete
  from "buckets"
  where "id" in (?, ?);
-- postgres
delete
  from "buckets"
  where "id" in ($1, $2);

-- ImportRepo.deleteLabels
-- sqlite
delete
  from "labels"
  where "id" in (?, ?) and "created_by_id" = ?;
-- postgres
delete
  from "labels"
  where "id" in ($1, $2) and "created_by_id" = $3;

-- ImportRepo.deleteBucketsOfView
-- sqlite
delete
  from "buckets"
  where "project_view_id" = ?;
-- postgres
delete
  from "buckets"
  where "project_view_id" = $1;

-- ImportRepo.setBucketLimit
-- sqlite
update "buckets"
  set "limit" = ?
  where "id" = ?;
-- postgres
update "buckets"
  set "limit" = $1
  where "id" = $2;

-- ImportRepo.insertTasks
-- sqlite
insert into "tasks" ("id", "title", "project_id", "created", "updated", "uid", "index", "created_by_id")
  values (?, ?, ?, ?, ?, ?, ?, ?)
  returning "id", "uid";
-- postgres
insert into "tasks" ("id", "title", "project_id", "created", "updated", "uid", "index", "created_by_id")
  values ($1, $2, $3, $4, $5, $6, $7, $8)
  returning "id", "uid";

-- ImportRepo.insertComments
-- sqlite
insert into "task_comments" ("task_id", "author_id", "comment", "created", "updated")
  values (?, ?, ?, ?, ?);
-- postgres
insert into "task_comments" ("task_id", "author_id", "comment", "created", "updated")
  values ($1, $2, $3, $4, $5);

-- ImportRepo.insertPositions
-- sqlite
insert into "task_positions" ("task_id", "project_view_id", "position")
  values (?, ?, ?);
-- postgres
insert into "task_positions" ("task_id", "project_view_id", "position")
  values ($1, $2, $3);

-- ImportRepo.insertTaskBuckets
-- sqlite
insert into "task_buckets" ("task_id", "project_view_id", "bucket_id")
  values (?, ?, ?);
-- postgres
insert into "task_buckets" ("task_id", "project_view_id", "bucket_id")
  values ($1, $2, $3);

-- ImportRepo.markDone
-- sqlite
update "tasks"
  set "done" = ?, "done_at" = ?
  where "id" in (?, ?);
-- postgres
update "tasks"
  set "done" = $1, "done_at" = $2
  where "id" in ($3, $4);

-- ImportRepo.addSearchTerms
-- sqlite
INSERT INTO search_terms(term)
      SELECT DISTINCT t FROM unnest(?::text[]) AS s(text), regexp_split_to_table(lower(s.text), '[ \t\n\r]+') AS t
      WHERE t <> '' AND length(t) <= 200 ORDER BY 1
      ON CONFLICT (term) DO NOTHING;
-- postgres
INSERT INTO search_terms(term)
      SELECT DISTINCT t FROM unnest($1::text[]) AS s(text), regexp_split_to_table(lower(s.text), '[ \t\n\r]+') AS t
      WHERE t <> '' AND length(t) <= 200 ORDER BY 1
      ON CONFLICT (term) DO NOTHING;

-- The SQL of modules/trash/repo.ts, method by method, for SQLite and PostgreSQL.
-- Written by `npm run sql:snapshots` (packages/server/src/db/sql-snapshots); do not edit.

-- TrashRepo.insert
-- sqlite
insert into "trash" ("kind", "item_id", "project_id", "title", "deleted_by_id", "deleted_at", "payload")
  values (?, ?, ?, ?, ?, ?, ?)
  returning "id", "kind", "item_id";
insert into "trash_files" ("trash_id", "file_id")
  values (?, ?), (?, ?);
-- postgres
insert into "trash" ("kind", "item_id", "project_id", "title", "deleted_by_id", "deleted_at", "payload")
  values ($1, $2, $3, $4, $5, $6, $7)
  returning "id", "kind", "item_id";
insert into "trash_files" ("trash_id", "file_id")
  values ($1, $2), ($3, $4);

-- TrashRepo.find
-- sqlite
select *
  from "trash"
  where "id" = ?;
-- postgres
select *
  from "trash"
  where "id" = $1;

-- TrashRepo.fileIdsOf
-- sqlite
select "file_id"
  from "trash_files"
  where "trash_id" = ?;
-- postgres
select "file_id"
  from "trash_files"
  where "trash_id" = $1;

-- TrashRepo.fileIdsInProjects
-- sqlite
select "trash_files"."file_id"
  from "trash_files"
  inner join "trash" on "trash"."id" = "trash_files"."trash_id"
  where "trash"."project_id" in (?, ?);
-- postgres
select "trash_files"."file_id"
  from "trash_files"
  inner join "trash" on "trash"."id" = "trash_files"."trash_id"
  where "trash"."project_id" in ($1, $2);

-- TrashRepo.listFor
-- sqlite
select "trash"."id", "trash"."kind", "trash"."item_id", "trash"."task_id", "tasks"."title" as "task_title", "trash"."project_id", "projects"."title" as "project_title", "trash"."title", "trash"."deleted_by_id", "trash"."deleted_at"
  from "trash"
  left join "projects" on "projects"."id" = "trash"."project_id"
  left join "tasks" on "tasks"."id" = "trash"."task_id"
  where ("trash"."project_id" in (select 1) or ("trash"."kind" = ? and ("trash"."owner_id" = ? or "trash"."deleted_by_id" = ?)))
  order by "trash"."deleted_at" desc, "trash"."id" desc
  limit ?;
-- postgres
select "trash"."id", "trash"."kind", "trash"."item_id", "trash"."task_id", "tasks"."title" as "task_title", "trash"."project_id", "projects"."title" as "project_title", "trash"."title", "trash"."deleted_by_id", "trash"."deleted_at"
  from "trash"
  left join "projects" on "projects"."id" = "trash"."project_id"
  left join "tasks" on "tasks"."id" = "trash"."task_id"
  where ("trash"."project_id" in (select 1) or ("trash"."kind" = $1 and ("trash"."owner_id" = $2 or "trash"."deleted_by_id" = $3)))
  order by "trash"."deleted_at" desc, "trash"."id" desc
  limit $4;

-- TrashRepo.remove
-- sqlite
delete
  from "trash"
  where "id" = ?;
-- postgres
delete
  from "trash"
  where "id" = $1;

-- TrashRepo.removeBefore
-- sqlite
select "trash_files"."file_id"
  from "trash_files"
  inner join "trash" on "trash"."id" = "trash_files"."trash_id"
  where "trash"."deleted_at" < ?;
delete
  from "trash"
  where "deleted_at" < ?;
-- postgres
select "trash_files"."file_id"
  from "trash_files"
  inner join "trash" on "trash"."id" = "trash_files"."trash_id"
  where "trash"."deleted_at" < $1;
delete
  from "trash"
  where "deleted_at" < $1;

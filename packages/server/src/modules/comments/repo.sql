-- The SQL of modules/comments/repo.ts, method by method, for SQLite and PostgreSQL.
-- Written by `npm run sql:snapshots` (packages/server/src/db/sql-snapshots); do not edit.

-- CommentsRepo.find
-- sqlite
select *
  from "task_comments"
  where "id" = ?;
-- postgres
select *
  from "task_comments"
  where "id" = $1;

-- CommentsRepo.pageOfTask
-- sqlite
select *
  from "task_comments"
  where "task_id" = ? and ordo_lower("comment") LIKE ? ESCAPE '\'
  order by "created" desc, "id" desc
  limit ? offset ?;
select count(*) as "n"
  from "task_comments"
  where "task_id" = ? and ordo_lower("comment") LIKE ? ESCAPE '\';
-- postgres
select *
  from "task_comments"
  where "task_id" = $1 and ordo_lower("comment") LIKE $2 ESCAPE '\'
  order by "created" desc, "id" desc
  limit $3 offset $4;
select count(*) as "n"
  from "task_comments"
  where "task_id" = $1 and ordo_lower("comment") LIKE $2 ESCAPE '\';

-- CommentsRepo.firstOfTasks
-- sqlite
select *
  from (select *, row_number() over (partition by task_id
  order by created, id) as "n"
  from "task_comments"
  where "task_id" in (?, ?)) as "ranked"
  where "ranked"."n" <= ?
  order by "ranked"."task_id", "ranked"."n";
-- postgres
select *
  from (select *, row_number() over (partition by task_id
  order by created, id) as "n"
  from "task_comments"
  where "task_id" in ($1, $2)) as "ranked"
  where "ranked"."n" <= $3
  order by "ranked"."task_id", "ranked"."n";

-- CommentsRepo.countOfTasks
-- sqlite
select "task_id", count(*) as "n"
  from "task_comments"
  where "task_id" in (?, ?)
  group by "task_id";
-- postgres
select "task_id", count(*) as "n"
  from "task_comments"
  where "task_id" in ($1, $2)
  group by "task_id";

-- CommentsRepo.insert
-- sqlite
insert into "task_comments" ("task_id", "author_id", "comment", "created", "updated")
  values (?, ?, ?, ?, ?)
  returning *;
-- postgres
insert into "task_comments" ("task_id", "author_id", "comment", "created", "updated")
  values ($1, $2, $3, $4, $5)
  returning *;

-- CommentsRepo.update
-- sqlite
update "task_comments"
  set "comment" = ?, "updated" = ?
  where "id" = ?;
-- postgres
update "task_comments"
  set "comment" = $1, "updated" = $2
  where "id" = $3;

-- CommentsRepo.delete
-- sqlite
delete
  from "task_comments"
  where "id" = ?;
-- postgres
delete
  from "task_comments"
  where "id" = $1;

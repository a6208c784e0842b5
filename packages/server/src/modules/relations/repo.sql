-- The SQL of modules/relations/repo.ts, method by method, for SQLite and PostgreSQL.
-- Written by `npm run sql:snapshots` (packages/server/src/db/sql-snapshots); do not edit.

-- RelationsRepo.exists
-- sqlite
select "id"
  from "task_relations"
  where "task_id" = ? and "other_task_id" = ? and "relation_kind" = ?;
-- postgres
select "id"
  from "task_relations"
  where "task_id" = $1 and "other_task_id" = $2 and "relation_kind" = $3;

-- RelationsRepo.insertPair
-- sqlite
insert into "task_relations" ("task_id", "other_task_id", "relation_kind", "created_by_id", "created")
  values (?, ?, ?, ?, ?), (?, ?, ?, ?, ?);
-- postgres
insert into "task_relations" ("task_id", "other_task_id", "relation_kind", "created_by_id", "created")
  values ($1, $2, $3, $4, $5), ($6, $7, $8, $9, $10);

-- RelationsRepo.deletePair
-- sqlite
delete
  from "task_relations"
  where (("task_id" = ? and "other_task_id" = ? and "relation_kind" = ?) or ("task_id" = ? and "other_task_id" = ? and "relation_kind" = ?));
-- postgres
delete
  from "task_relations"
  where (("task_id" = $1 and "other_task_id" = $2 and "relation_kind" = $3) or ("task_id" = $4 and "other_task_id" = $5 and "relation_kind" = $6));

-- RelationsRepo.isSubtaskOf
-- sqlite

      WITH RECURSIVE below(id, depth) AS (
        SELECT other_task_id, 1 FROM task_relations WHERE task_id = ? AND relation_kind = 'subtask'
        UNION
        SELECT r.other_task_id, b.depth + 1 FROM task_relations r JOIN below b ON r.task_id = b.id
        WHERE r.relation_kind = 'subtask' AND b.depth < 1000
      )
      SELECT id FROM below WHERE id = ? LIMIT 1;
-- postgres

      WITH RECURSIVE below(id, depth) AS (
        SELECT other_task_id, 1 FROM task_relations WHERE task_id = $1 AND relation_kind = 'subtask'
        UNION
        SELECT r.other_task_id, b.depth + 1 FROM task_relations r JOIN below b ON r.task_id = b.id
        WHERE r.relation_kind = 'subtask' AND b.depth < 1000
      )
      SELECT id FROM below WHERE id = $2 LIMIT 1;

-- RelationsRepo.relatedOf
-- sqlite
select "task_id"
  from "task_relations"
  where "task_id" in (?, ?);
select "tasks".*, "task_relations"."task_id" as "base_task_id", "task_relations"."relation_kind", "projects"."identifier" as "project_identifier"
  from "task_relations"
  cross join "tasks"
  inner join "projects" on "projects"."id" = "tasks"."project_id"
  where "tasks"."id" = "task_relations"."other_task_id" and "task_relations"."task_id" in (?, ?) and "tasks"."project_id" in SELECT id FROM visible_projects
  order by "task_relations"."id";
-- postgres
select "task_id"
  from "task_relations"
  where "task_id" = any($1);
select "tasks".*, "task_relations"."task_id" as "base_task_id", "task_relations"."relation_kind", "projects"."identifier" as "project_identifier"
  from "task_relations"
  cross join "tasks"
  inner join "projects" on "projects"."id" = "tasks"."project_id"
  where "tasks"."id" = "task_relations"."other_task_id" and "task_relations"."task_id" in ($1, $2) and "tasks"."project_id" in SELECT id FROM visible_projects
  order by "task_relations"."id";

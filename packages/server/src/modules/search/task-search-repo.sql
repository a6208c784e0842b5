-- The SQL of modules/search/task-search-repo.ts, method by method, for SQLite and PostgreSQL.
-- Written by `npm run sql:snapshots` (packages/server/src/db/sql-snapshots); do not edit.

-- TaskSearch.condition
-- sqlite
select "tasks"."id"
  from "tasks"
  where (tasks.id IN (SELECT task_id FROM task_search_terms WHERE term_id IN (SELECT rowid FROM search_terms_fts WHERE search_terms_fts MATCH ?)
      UNION
      SELECT u.task_id FROM task_search_terms AS u WHERE u.term_id = ? AND (
        SELECT count(*) FROM tasks AS t WHERE t.id = u.task_id
          AND (lower(t.title) LIKE ? ESCAPE '\' OR lower(t.description) LIKE ? ESCAPE '\')
      ) > 0) and tasks.id IN (SELECT task_id FROM task_search_terms WHERE term_id IN (SELECT rowid FROM search_terms_fts WHERE search_terms_fts MATCH ?)
      UNION
      SELECT u.task_id FROM task_search_terms AS u WHERE u.term_id = ? AND (
        SELECT count(*) FROM tasks AS t WHERE t.id = u.task_id
          AND (lower(t.title) LIKE ? ESCAPE '\' OR lower(t.description) LIKE ? ESCAPE '\')
      ) > 0));
-- postgres
select "tasks"."id"
  from "tasks"
  where (tasks.id = ANY(ARRAY(SELECT task_id FROM task_search_terms WHERE term_id IN (SELECT id FROM ordo_search_terms_holding($1) AS id)
      UNION
      SELECT u.task_id FROM task_search_terms AS u WHERE u.term_id = $2 AND (
        SELECT count(*) FROM tasks AS t WHERE t.id = u.task_id
          AND (lower(t.title) LIKE $3 ESCAPE '\' OR lower(t.description) LIKE $4 ESCAPE '\')
      ) > 0)) and tasks.id = ANY(ARRAY(SELECT task_id FROM task_search_terms WHERE term_id IN (SELECT id FROM ordo_search_terms_holding($5) AS id)
      UNION
      SELECT u.task_id FROM task_search_terms AS u WHERE u.term_id = $6 AND (
        SELECT count(*) FROM tasks AS t WHERE t.id = u.task_id
          AND (lower(t.title) LIKE $7 ESCAPE '\' OR lower(t.description) LIKE $8 ESCAPE '\')
      ) > 0)));

-- TaskSearch.condition (a short word and a task named by its index)
-- sqlite
select "tasks"."id"
  from "tasks"
  where ((tasks.id IN (SELECT task_id FROM task_search_terms WHERE term_id IN (SELECT rowid FROM search_terms_fts WHERE search_terms_fts MATCH ?)
      UNION
      SELECT u.task_id FROM task_search_terms AS u WHERE u.term_id = ? AND (
        SELECT count(*) FROM tasks AS t WHERE t.id = u.task_id
          AND (lower(t.title) LIKE ? ESCAPE '\' OR lower(t.description) LIKE ? ESCAPE '\')
      ) > 0) and (ordo_lower("tasks"."title") LIKE ? ESCAPE '\' or ordo_lower("tasks"."description") LIKE ? ESCAPE '\')) or "tasks"."index" in (?));
-- postgres
select "tasks"."id"
  from "tasks"
  where ((tasks.id = ANY(ARRAY(SELECT task_id FROM task_search_terms WHERE term_id IN (SELECT id FROM ordo_search_terms_holding($1) AS id)
      UNION
      SELECT u.task_id FROM task_search_terms AS u WHERE u.term_id = $2 AND (
        SELECT count(*) FROM tasks AS t WHERE t.id = u.task_id
          AND (lower(t.title) LIKE $3 ESCAPE '\' OR lower(t.description) LIKE $4 ESCAPE '\')
      ) > 0)) and (ordo_lower("tasks"."title") LIKE $5 ESCAPE '\' or ordo_lower("tasks"."description") LIKE $6 ESCAPE '\')) or "tasks"."index" in ($7));

-- TaskSearch.relevance
-- sqlite
select (CASE WHEN ordo_lower("tasks"."title") LIKE ? ESCAPE '\' AND ordo_lower("tasks"."title") LIKE ? ESCAPE '\' THEN 2 WHEN ordo_lower("tasks"."title") LIKE ? ESCAPE '\' OR ordo_lower("tasks"."title") LIKE ? ESCAPE '\' THEN 1 ELSE 0 END) as "rank"
  from "tasks";
-- postgres
select (CASE WHEN ordo_lower("tasks"."title") LIKE $1 ESCAPE '\' AND ordo_lower("tasks"."title") LIKE $2 ESCAPE '\' THEN 2 WHEN ordo_lower("tasks"."title") LIKE $3 ESCAPE '\' OR ordo_lower("tasks"."title") LIKE $4 ESCAPE '\' THEN 1 ELSE 0 END) as "rank"
  from "tasks";

-- TaskSearch.rankedMatches
-- sqlite
SELECT
        EXISTS (SELECT 1 FROM task_search_terms WHERE term_id = ?) AS unindexed,
        EXISTS (SELECT 1 FROM projects WHERE projects.id NOT IN (?, ?)
          AND (SELECT tasks."index" FROM tasks WHERE tasks.project_id = projects.id
            ORDER BY tasks."index" LIMIT 1) IS NOT NULL
        ) AS partial,
        NULL AS named;
-- postgres
WITH flags AS (SELECT
        EXISTS (SELECT 1 FROM task_search_terms WHERE term_id = $1) AS unindexed,
        EXISTS (SELECT 1 FROM projects WHERE projects.id NOT IN ($2, $3)
          AND (SELECT tasks."index" FROM tasks WHERE tasks.project_id = projects.id
            ORDER BY tasks."index" LIMIT 1) IS NOT NULL
        ) AS partial,
        NULL::integer[] AS named)
      SELECT -1 AS word, NULL::bytea AS postings, NULL::integer[] AS stale, NULL::bytea AS fresh, unindexed, partial,
        named
      FROM flags UNION ALL SELECT 0, p.postings, p.stale, p.fresh, NULL, NULL, NULL
        FROM ordo_search_postings($4) AS p
        WHERE NOT (SELECT partial FROM flags) AND NOT (SELECT unindexed FROM flags) UNION ALL SELECT 1, p.postings, p.stale, p.fresh, NULL, NULL, NULL
        FROM ordo_search_postings($5) AS p
        WHERE NOT (SELECT partial FROM flags) AND NOT (SELECT unindexed FROM flags);

-- TaskSearch.rankedMatches (scope sub-query)
-- sqlite
SELECT
        EXISTS (SELECT 1 FROM task_search_terms WHERE term_id = ?) AS unindexed,
        EXISTS (SELECT 1 FROM projects WHERE projects.id NOT IN SELECT id FROM visible_projects
          AND (SELECT tasks."index" FROM tasks WHERE tasks.project_id = projects.id
            ORDER BY tasks."index" LIMIT 1) IS NOT NULL
        ) AS partial,
        NULL AS named;
-- postgres
WITH flags AS (SELECT
        EXISTS (SELECT 1 FROM task_search_terms WHERE term_id = $1) AS unindexed,
        EXISTS (SELECT 1 FROM projects WHERE projects.id NOT IN SELECT id FROM visible_projects
          AND (SELECT tasks."index" FROM tasks WHERE tasks.project_id = projects.id
            ORDER BY tasks."index" LIMIT 1) IS NOT NULL
        ) AS partial,
        NULL::integer[] AS named)
      SELECT -1 AS word, NULL::bytea AS postings, NULL::integer[] AS stale, NULL::bytea AS fresh, unindexed, partial,
        named
      FROM flags UNION ALL SELECT 0, p.postings, p.stale, p.fresh, NULL, NULL, NULL
        FROM ordo_search_postings($2) AS p
        WHERE NOT (SELECT partial FROM flags) AND NOT (SELECT unindexed FROM flags);

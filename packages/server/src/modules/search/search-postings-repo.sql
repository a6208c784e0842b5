-- The SQL of modules/search/search-postings-repo.ts, method by method, for SQLite and PostgreSQL.
-- Written by `npm run sql:snapshots` (packages/server/src/db/sql-snapshots); do not edit.

-- SearchPostingsCompaction.run
-- sqlite
begin;
SELECT p.term_id FROM search_postings_pending AS p
      WHERE p.term_id > ?
      GROUP BY p.term_id
      HAVING count(*) * ? > coalesce(
        (SELECT length(st.postings) / ? FROM search_terms AS st WHERE st.id = p.term_id), 0)
      ORDER BY p.term_id LIMIT ?;
UPDATE search_terms SET postings = coalesce((SELECT unhex(group_concat(printf('%08x', t.task_id * 2 + t.in_title), ''))
  FROM task_search_terms AS t WHERE t.term_id = search_terms.id), x'')
        WHERE id IN (SELECT value FROM json_each(?));
DELETE FROM search_postings_pending
        WHERE term_id IN (SELECT value FROM json_each(?));
commit;
begin;
SELECT p.term_id FROM search_postings_pending AS p
      WHERE p.term_id > ?
      GROUP BY p.term_id
      HAVING count(*) * ? > coalesce(
        (SELECT length(st.postings) / ? FROM search_terms AS st WHERE st.id = p.term_id), 0)
      ORDER BY p.term_id LIMIT ?;
commit;
-- postgres
begin;
SELECT pg_try_advisory_xact_lock($1) AS locked;

        WITH picked AS MATERIALIZED (SELECT p.term_id FROM search_postings_pending AS p
      WHERE p.term_id > $1
      GROUP BY p.term_id
      HAVING count(*) * $2 > coalesce(
        (SELECT length(st.postings) / $3 FROM search_terms AS st WHERE st.id = p.term_id), 0)
      ORDER BY p.term_id LIMIT $4),
        cleared AS (
          DELETE FROM search_postings_pending AS p USING picked WHERE p.term_id = picked.term_id
        ),
        rebuilt AS (
          UPDATE search_terms AS st SET postings = coalesce((
            SELECT string_agg(ordo_posting(t.task_id, t.in_title), ''::bytea)
            FROM task_search_terms AS t WHERE t.term_id = st.id), ''::bytea)
          FROM picked WHERE st.id = picked.term_id
        )
        SELECT max(term_id) AS last, count(*) AS terms FROM picked;
commit;
begin;
SELECT pg_try_advisory_xact_lock($1) AS locked;

        WITH picked AS MATERIALIZED (SELECT p.term_id FROM search_postings_pending AS p
      WHERE p.term_id > $1
      GROUP BY p.term_id
      HAVING count(*) * $2 > coalesce(
        (SELECT length(st.postings) / $3 FROM search_terms AS st WHERE st.id = p.term_id), 0)
      ORDER BY p.term_id LIMIT $4),
        cleared AS (
          DELETE FROM search_postings_pending AS p USING picked WHERE p.term_id = picked.term_id
        ),
        rebuilt AS (
          UPDATE search_terms AS st SET postings = coalesce((
            SELECT string_agg(ordo_posting(t.task_id, t.in_title), ''::bytea)
            FROM task_search_terms AS t WHERE t.term_id = st.id), ''::bytea)
          FROM picked WHERE st.id = picked.term_id
        )
        SELECT max(term_id) AS last, count(*) AS terms FROM picked;
commit;

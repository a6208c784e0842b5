-- The SQL of modules/rights/repo.ts, method by method, for SQLite and PostgreSQL.
-- Written by `npm run sql:snapshots` (packages/server/src/db/sql-snapshots); do not edit.

-- RightsRepo.chains
-- sqlite

      WITH RECURSIVE chain(start_id, id, parent_project_id, owner_id, depth) AS (
        SELECT id, id, parent_project_id, owner_id, 0 FROM projects
        WHERE id IN (?, ?)
        UNION ALL
        SELECT c.start_id, p.id, p.parent_project_id, p.owner_id, c.depth + 1
        FROM projects p JOIN chain c ON p.id = c.parent_project_id
        WHERE c.depth < ?
      )
      SELECT start_id, id, owner_id, depth FROM chain ORDER BY start_id, depth;
-- postgres

      WITH RECURSIVE chain(start_id, id, parent_project_id, owner_id, depth) AS (
        SELECT id, id, parent_project_id, owner_id, 0 FROM projects
        WHERE id = any($1)
        UNION ALL
        SELECT c.start_id, p.id, p.parent_project_id, p.owner_id, c.depth + 1
        FROM projects p JOIN chain c ON p.id = c.parent_project_id
        WHERE c.depth < $2
      )
      SELECT start_id, id, owner_id, depth FROM chain ORDER BY start_id, depth;

-- RightsRepo.linkShareGrant
-- sqlite
select "project_id", "right"
  from "link_shares"
  where "id" = ?;
-- postgres
select "project_id", "right"
  from "link_shares"
  where "id" = $1;

-- RightsRepo.linkShareProjectIds
-- sqlite
(SELECT project_id FROM link_shares WHERE id = ?);
-- postgres
(SELECT project_id FROM link_shares WHERE id = $1);

-- RightsRepo.visibleProjectIds
-- sqlite
(
      WITH RECURSIVE visible(id) AS (
        SELECT id FROM projects WHERE owner_id = ? UNION SELECT project_id FROM project_users
        UNION
        SELECT p.id FROM projects p JOIN visible v ON p.parent_project_id = v.id
      )
      SELECT id FROM visible);
-- postgres
(
      WITH RECURSIVE visible(id) AS (
        SELECT id FROM projects WHERE owner_id = $1 UNION SELECT project_id FROM project_users
        UNION
        SELECT p.id FROM projects p JOIN visible v ON p.parent_project_id = v.id
      )
      SELECT id FROM visible);

-- RightsRepo.readersOf
-- sqlite
(
      WITH RECURSIVE reach(start_id, id, parent_project_id, owner_id, depth) AS (
        SELECT id, id, parent_project_id, owner_id, 0 FROM projects WHERE id IN (SELECT 1)
        UNION ALL
        SELECT r.start_id, p.id, p.parent_project_id, p.owner_id, r.depth + 1
        FROM projects p JOIN reach r ON p.id = r.parent_project_id
        WHERE r.depth < ?
      )
      SELECT start_id AS project_id, owner_id AS user_id FROM reach
      UNION SELECT r.start_id, g.user_id FROM reach r INNER JOIN (SELECT project_id, user_id FROM project_users WHERE project_id IN (SELECT id FROM reach)) g ON g.project_id = r.id);
-- postgres
(
      WITH RECURSIVE reach(start_id, id, parent_project_id, owner_id, depth) AS (
        SELECT id, id, parent_project_id, owner_id, 0 FROM projects WHERE id IN (SELECT 1)
        UNION ALL
        SELECT r.start_id, p.id, p.parent_project_id, p.owner_id, r.depth + 1
        FROM projects p JOIN reach r ON p.id = r.parent_project_id
        WHERE r.depth < $1
      )
      SELECT start_id AS project_id, owner_id AS user_id FROM reach
      UNION SELECT r.start_id, g.user_id FROM reach r INNER JOIN (SELECT project_id, user_id FROM project_users WHERE project_id IN (SELECT id FROM reach)) g ON g.project_id = r.id);

-- The SQL of modules/sharing/share-grants-repo.ts, method by method, for SQLite and PostgreSQL.
-- Written by `npm run sql:snapshots` (packages/server/src/db/sql-snapshots); do not edit.

-- ShareGrants.grantsOn
-- sqlite
select "project_id", "right"
  from "project_users"
  where "user_id" = ? and "project_id" in (?, ?)
  union all select "project_teams"."project_id", "project_teams"."right"
  from "project_teams"
  inner join "team_members" on "team_members"."team_id" = "project_teams"."team_id"
  where "team_members"."user_id" = ? and "project_teams"."project_id" in (?, ?);
-- postgres
select "project_id", "right"
  from "project_users"
  where "user_id" = $1 and "project_id" = any($2)
  union all select "project_teams"."project_id", "project_teams"."right"
  from "project_teams"
  inner join "team_members" on "team_members"."team_id" = "project_teams"."team_id"
  where "team_members"."user_id" = $3 and "project_teams"."project_id" = any($4);

-- ShareGrants.grantedProjectIds
-- sqlite
SELECT project_id FROM project_users WHERE user_id = ?
      UNION SELECT pt.project_id FROM project_teams pt
        INNER JOIN team_members tm ON tm.team_id = pt.team_id WHERE tm.user_id = ?;
-- postgres
SELECT project_id FROM project_users WHERE user_id = $1
      UNION SELECT pt.project_id FROM project_teams pt
        INNER JOIN team_members tm ON tm.team_id = pt.team_id WHERE tm.user_id = $2;

-- ShareGrants.granteesOn
-- sqlite
SELECT project_id, user_id FROM project_users WHERE project_id IN (SELECT 1)
      UNION SELECT pt.project_id, tm.user_id FROM project_teams pt
        INNER JOIN team_members tm ON tm.team_id = pt.team_id WHERE pt.project_id IN (SELECT 1);
-- postgres
SELECT project_id, user_id FROM project_users WHERE project_id IN (SELECT 1)
      UNION SELECT pt.project_id, tm.user_id FROM project_teams pt
        INNER JOIN team_members tm ON tm.team_id = pt.team_id WHERE pt.project_id IN (SELECT 1);

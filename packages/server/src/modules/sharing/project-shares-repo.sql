-- The SQL of modules/sharing/project-shares-repo.ts, method by method, for SQLite and PostgreSQL.
-- Written by `npm run sql:snapshots` (packages/server/src/db/sql-snapshots); do not edit.

-- ProjectSharesRepo.userShare
-- sqlite
select *
  from "project_users"
  where "project_id" = ? and "user_id" = ?;
-- postgres
select *
  from "project_users"
  where "project_id" = $1 and "user_id" = $2;

-- ProjectSharesRepo.teamShare
-- sqlite
select *
  from "project_teams"
  where "project_id" = ? and "team_id" = ?;
-- postgres
select *
  from "project_teams"
  where "project_id" = $1 and "team_id" = $2;

-- ProjectSharesRepo.usersOf
-- sqlite
select "users".*, "project_users"."id" as "share_id", "project_users"."right" as "share_right", "project_users"."created" as "share_created", "project_users"."updated" as "share_updated"
  from "project_users"
  inner join "users" on "users"."id" = "project_users"."user_id"
  where "project_users"."project_id" = ? and ordo_lower("users"."username") LIKE ? ESCAPE '\'
  order by "project_users"."id"
  limit ? offset ?;
select count(*) as "n"
  from "project_users"
  inner join "users" on "users"."id" = "project_users"."user_id"
  where "project_users"."project_id" = ? and ordo_lower("users"."username") LIKE ? ESCAPE '\';
-- postgres
select "users".*, "project_users"."id" as "share_id", "project_users"."right" as "share_right", "project_users"."created" as "share_created", "project_users"."updated" as "share_updated"
  from "project_users"
  inner join "users" on "users"."id" = "project_users"."user_id"
  where "project_users"."project_id" = $1 and ordo_lower("users"."username") LIKE $2 ESCAPE '\'
  order by "project_users"."id"
  limit $3 offset $4;
select count(*) as "n"
  from "project_users"
  inner join "users" on "users"."id" = "project_users"."user_id"
  where "project_users"."project_id" = $1 and ordo_lower("users"."username") LIKE $2 ESCAPE '\';

-- ProjectSharesRepo.teamsOf
-- sqlite
select "teams".*, "project_teams"."id" as "share_id", "project_teams"."right" as "share_right", "project_teams"."created" as "share_created", "project_teams"."updated" as "share_updated"
  from "project_teams"
  inner join "teams" on "teams"."id" = "project_teams"."team_id"
  where "project_teams"."project_id" = ? and ordo_lower("teams"."name") LIKE ? ESCAPE '\'
  order by "project_teams"."id"
  limit ? offset ?;
select count(*) as "n"
  from "project_teams"
  inner join "teams" on "teams"."id" = "project_teams"."team_id"
  where "project_teams"."project_id" = ? and ordo_lower("teams"."name") LIKE ? ESCAPE '\';
-- postgres
select "teams".*, "project_teams"."id" as "share_id", "project_teams"."right" as "share_right", "project_teams"."created" as "share_created", "project_teams"."updated" as "share_updated"
  from "project_teams"
  inner join "teams" on "teams"."id" = "project_teams"."team_id"
  where "project_teams"."project_id" = $1 and ordo_lower("teams"."name") LIKE $2 ESCAPE '\'
  order by "project_teams"."id"
  limit $3 offset $4;
select count(*) as "n"
  from "project_teams"
  inner join "teams" on "teams"."id" = "project_teams"."team_id"
  where "project_teams"."project_id" = $1 and ordo_lower("teams"."name") LIKE $2 ESCAPE '\';

-- ProjectSharesRepo.insertUserShare
-- sqlite
insert into "project_users" ("project_id", "user_id", "right", "created", "updated")
  values (?, ?, ?, ?, ?)
  returning *;
-- postgres
insert into "project_users" ("project_id", "user_id", "right", "created", "updated")
  values ($1, $2, $3, $4, $5)
  returning *;

-- ProjectSharesRepo.insertTeamShare
-- sqlite
insert into "project_teams" ("project_id", "team_id", "right", "created", "updated")
  values (?, ?, ?, ?, ?)
  returning *;
-- postgres
insert into "project_teams" ("project_id", "team_id", "right", "created", "updated")
  values ($1, $2, $3, $4, $5)
  returning *;

-- ProjectSharesRepo.setUserShareRight
-- sqlite
update "project_users"
  set "right" = ?, "updated" = ?
  where "id" = ?;
-- postgres
update "project_users"
  set "right" = $1, "updated" = $2
  where "id" = $3;

-- ProjectSharesRepo.setTeamShareRight
-- sqlite
update "project_teams"
  set "right" = ?, "updated" = ?
  where "id" = ?;
-- postgres
update "project_teams"
  set "right" = $1, "updated" = $2
  where "id" = $3;

-- ProjectSharesRepo.deleteUserShare
-- sqlite
delete
  from "project_users"
  where "id" = ?;
-- postgres
delete
  from "project_users"
  where "id" = $1;

-- ProjectSharesRepo.deleteTeamShare
-- sqlite
delete
  from "project_teams"
  where "id" = ?;
-- postgres
delete
  from "project_teams"
  where "id" = $1;

-- ProjectSharesRepo.usersWithAccess
-- sqlite

      WITH RECURSIVE chain(id, parent_project_id, owner_id, depth) AS (
        SELECT id, parent_project_id, owner_id, 0 FROM projects WHERE id = ?
        UNION ALL
        SELECT p.id, p.parent_project_id, p.owner_id, c.depth + 1
        FROM projects p JOIN chain c ON p.id = c.parent_project_id
        WHERE c.depth < ?
      )
      SELECT u.* FROM users u WHERE u.id IN (
        SELECT owner_id FROM chain
        UNION SELECT pu.user_id FROM project_users pu WHERE pu.project_id IN (SELECT id FROM chain)
        UNION SELECT tm.user_id FROM project_teams pt
          INNER JOIN team_members tm ON tm.team_id = pt.team_id
          WHERE pt.project_id IN (SELECT id FROM chain)
      ) AND (ordo_lower("u"."username") LIKE ? ESCAPE '\' OR ordo_lower("u"."name") LIKE ? ESCAPE '\')
      ORDER BY u.id
      LIMIT ?;
-- postgres

      WITH RECURSIVE chain(id, parent_project_id, owner_id, depth) AS (
        SELECT id, parent_project_id, owner_id, 0 FROM projects WHERE id = $1
        UNION ALL
        SELECT p.id, p.parent_project_id, p.owner_id, c.depth + 1
        FROM projects p JOIN chain c ON p.id = c.parent_project_id
        WHERE c.depth < $2
      )
      SELECT u.* FROM users u WHERE u.id IN (
        SELECT owner_id FROM chain
        UNION SELECT pu.user_id FROM project_users pu WHERE pu.project_id IN (SELECT id FROM chain)
        UNION SELECT tm.user_id FROM project_teams pt
          INNER JOIN team_members tm ON tm.team_id = pt.team_id
          WHERE pt.project_id IN (SELECT id FROM chain)
      ) AND (ordo_lower("u"."username") LIKE $3 ESCAPE '\' OR ordo_lower("u"."name") LIKE $4 ESCAPE '\')
      ORDER BY u.id
      LIMIT $5;

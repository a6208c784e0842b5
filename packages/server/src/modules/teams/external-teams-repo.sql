-- The SQL of modules/teams/external-teams-repo.ts, method by method, for SQLite and PostgreSQL.
-- Written by `npm run sql:snapshots` (packages/server/src/db/sql-snapshots); do not edit.

-- ExternalTeamsRepo.findByExternalIds
-- sqlite
select *
  from "teams"
  where "issuer" = ? and "external_id" in (?, ?);
-- postgres
select *
  from "teams"
  where "issuer" = $1 and "external_id" in ($2, $3);

-- ExternalTeamsRepo.insert
-- sqlite
insert into "teams" ("name", "description", "is_public", "issuer", "external_id", "created_by_id", "created", "updated")
  values (?, ?, ?, ?, ?, ?, ?, ?)
  returning *;
-- postgres
insert into "teams" ("name", "description", "is_public", "issuer", "external_id", "created_by_id", "created", "updated")
  values ($1, $2, $3, $4, $5, $6, $7, $8)
  returning *;

-- ExternalTeamsRepo.update
-- sqlite
update "teams"
  set "name" = ?, "description" = ?, "is_public" = ?, "updated" = ?
  where "id" = ?;
-- postgres
update "teams"
  set "name" = $1, "description" = $2, "is_public" = $3, "updated" = $4
  where "id" = $5;

-- ExternalTeamsRepo.memberOf
-- sqlite
select "teams"."id"
  from "team_members"
  inner join "teams" on "teams"."id" = "team_members"."team_id"
  where "team_members"."user_id" = ? and "teams"."issuer" = ? and "teams"."external_id" != ?;
-- postgres
select "teams"."id"
  from "team_members"
  inner join "teams" on "teams"."id" = "team_members"."team_id"
  where "team_members"."user_id" = $1 and "teams"."issuer" = $2 and "teams"."external_id" != $3;

-- ExternalTeamsRepo.join
-- sqlite
insert into "team_members" ("team_id", "user_id", "admin", "created")
  values (?, ?, ?, ?), (?, ?, ?, ?);
-- postgres
insert into "team_members" ("team_id", "user_id", "admin", "created")
  values ($1, $2, $3, $4), ($5, $6, $7, $8);

-- ExternalTeamsRepo.leave
-- sqlite
delete
  from "team_members"
  where "user_id" = ? and "team_id" in (?, ?);
delete
  from "teams"
  where "id" in (?, ?) and not exists (select "id"
  from "team_members"
  where "team_id" = "teams"."id");
-- postgres
delete
  from "team_members"
  where "user_id" = $1 and "team_id" in ($2, $3);
delete
  from "teams"
  where "id" in ($1, $2) and not exists (select "id"
  from "team_members"
  where "team_id" = "teams"."id");

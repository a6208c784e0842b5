-- The SQL of modules/teams/repo.ts, method by method, for SQLite and PostgreSQL.
-- Written by `npm run sql:snapshots` (packages/server/src/db/sql-snapshots); do not edit.

-- TeamsRepo.find
-- sqlite
select *
  from "teams"
  where "id" = ?;
-- postgres
select *
  from "teams"
  where "id" = $1;

-- TeamsRepo.findMany
-- sqlite
select *
  from "teams"
  where "id" in (?, ?);
-- postgres
select *
  from "teams"
  where "id" in ($1, $2);

-- TeamsRepo.list
-- sqlite
select *
  from "teams"
  where ("id" in (select "team_id"
  from "team_members"
  where "user_id" = ?) or "is_public" = ?) and ordo_lower("name") LIKE ? ESCAPE '\'
  order by "id"
  limit ? offset ?;
select count(*) as "n"
  from "teams"
  where ("id" in (select "team_id"
  from "team_members"
  where "user_id" = ?) or "is_public" = ?) and ordo_lower("name") LIKE ? ESCAPE '\';
-- postgres
select *
  from "teams"
  where ("id" in (select "team_id"
  from "team_members"
  where "user_id" = $1) or "is_public" = $2) and ordo_lower("name") LIKE $3 ESCAPE '\'
  order by "id"
  limit $4 offset $5;
select count(*) as "n"
  from "teams"
  where ("id" in (select "team_id"
  from "team_members"
  where "user_id" = $1) or "is_public" = $2) and ordo_lower("name") LIKE $3 ESCAPE '\';

-- TeamsRepo.insert
-- sqlite
insert into "teams" ("name", "description", "created_by_id", "is_public", "created", "updated")
  values (?, ?, ?, ?, ?, ?)
  returning *;
-- postgres
insert into "teams" ("name", "description", "created_by_id", "is_public", "created", "updated")
  values ($1, $2, $3, $4, $5, $6)
  returning *;

-- TeamsRepo.update
-- sqlite
update "teams"
  set "name" = ?, "description" = ?, "is_public" = ?, "updated" = ?
  where "id" = ?;
-- postgres
update "teams"
  set "name" = $1, "description" = $2, "is_public" = $3, "updated" = $4
  where "id" = $5;

-- TeamsRepo.delete
-- sqlite
delete
  from "teams"
  where "id" = ?;
-- postgres
delete
  from "teams"
  where "id" = $1;

-- TeamsRepo.members
-- sqlite
select "users".*, "team_members"."id" as "member_id", "team_members"."team_id" as "member_team_id", "team_members"."admin" as "member_admin", "team_members"."created" as "member_created"
  from "team_members"
  inner join "users" on "users"."id" = "team_members"."user_id"
  where "team_members"."team_id" in (?, ?)
  order by "team_members"."id";
-- postgres
select "users".*, "team_members"."id" as "member_id", "team_members"."team_id" as "member_team_id", "team_members"."admin" as "member_admin", "team_members"."created" as "member_created"
  from "team_members"
  inner join "users" on "users"."id" = "team_members"."user_id"
  where "team_members"."team_id" in ($1, $2)
  order by "team_members"."id";

-- TeamsRepo.membership
-- sqlite
select *
  from "team_members"
  where "team_id" = ? and "user_id" = ?;
-- postgres
select *
  from "team_members"
  where "team_id" = $1 and "user_id" = $2;

-- TeamsRepo.addMember
-- sqlite
insert into "team_members" ("team_id", "user_id", "admin", "created")
  values (?, ?, ?, ?)
  returning *;
-- postgres
insert into "team_members" ("team_id", "user_id", "admin", "created")
  values ($1, $2, $3, $4)
  returning *;

-- TeamsRepo.setAdmin
-- sqlite
update "team_members"
  set "admin" = ?
  where "id" = ?;
-- postgres
update "team_members"
  set "admin" = $1
  where "id" = $2;

-- TeamsRepo.removeMember
-- sqlite
delete
  from "team_members"
  where "id" = ?;
-- postgres
delete
  from "team_members"
  where "id" = $1;

-- TeamsRepo.memberCount
-- sqlite
select count(*) as "n"
  from "team_members"
  where "team_id" = ?;
-- postgres
select count(*) as "n"
  from "team_members"
  where "team_id" = $1;

-- TeamsRepo.adminCount
-- sqlite
select count(*) as "n"
  from "team_members"
  where "team_id" = ? and "admin" = ?;
-- postgres
select count(*) as "n"
  from "team_members"
  where "team_id" = $1 and "admin" = $2;

-- TeamsRepo.usersByIds
-- sqlite
select *
  from "users"
  where "id" in (?, ?);
-- postgres
select *
  from "users"
  where "id" in ($1, $2);

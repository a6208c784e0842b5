-- The SQL of modules/account/account-removal-repo.ts, method by method, for SQLite and PostgreSQL.
-- Written by `npm run sql:snapshots` (packages/server/src/db/sql-snapshots); do not edit.

-- AccountRemovalRepo.claimDue
-- sqlite
update "users"
  set "deletion_scheduled_at" = deletion_scheduled_at
  where "id" = ? and "deletion_scheduled_at" <= ?;
-- postgres
update "users"
  set "deletion_scheduled_at" = deletion_scheduled_at
  where "id" = $1 and "deletion_scheduled_at" <= $2;

-- AccountRemovalRepo.deleteTrash
-- sqlite
select "trash_files"."file_id" as "id"
  from "trash_files"
  inner join "trash" on "trash"."id" = "trash_files"."trash_id"
  where ("trash"."owner_id" = ? or "trash"."project_id" in (?, ?));
delete
  from "trash"
  where ("trash"."owner_id" = ? or "trash"."project_id" in (?, ?));
-- postgres
select "trash_files"."file_id" as "id"
  from "trash_files"
  inner join "trash" on "trash"."id" = "trash_files"."trash_id"
  where ("trash"."owner_id" = $1 or "trash"."project_id" in ($2, $3));
delete
  from "trash"
  where ("trash"."owner_id" = $1 or "trash"."project_id" in ($2, $3));

-- AccountRemovalRepo.dueUserIds
-- sqlite
select "id"
  from "users"
  where "deletion_scheduled_at" <= ?
  order by "deletion_scheduled_at";
-- postgres
select "id"
  from "users"
  where "deletion_scheduled_at" <= $1
  order by "deletion_scheduled_at";

-- AccountRemovalRepo.ownedProjectIds
-- sqlite

      WITH RECURSIVE subtree(id) AS (
        SELECT id FROM projects WHERE owner_id = ?
        UNION
        SELECT p.id FROM projects p JOIN subtree s ON p.parent_project_id = s.id
      )
      SELECT id FROM subtree;
-- postgres

      WITH RECURSIVE subtree(id) AS (
        SELECT id FROM projects WHERE owner_id = $1
        UNION
        SELECT p.id FROM projects p JOIN subtree s ON p.parent_project_id = s.id
      )
      SELECT id FROM subtree;

-- AccountRemovalRepo.deleteProjects
-- sqlite
select "file_id" as "id"
  from "task_attachments"
  where "task_id" in (select "tasks"."id"
  from "tasks"
  where "tasks"."project_id" in (?, ?));
select "background_file_id" as "id"
  from "projects"
  where "id" in (?, ?) and "background_file_id" is not null;
delete
  from "favorites"
  where (("kind" = ? and "entity_id" in (select "tasks"."id"
  from "tasks"
  where "tasks"."project_id" in (?, ?))) or ("kind" = ? and "entity_id" in (?, ?)));
update "users"
  set "default_project_id" = ?
  where "default_project_id" in (?, ?);
delete
  from "projects"
  where "id" in (?, ?);
delete
  from "files"
  where "id" in (?, ?);
-- postgres
select "file_id" as "id"
  from "task_attachments"
  where "task_id" in (select "tasks"."id"
  from "tasks"
  where "tasks"."project_id" in ($1, $2));
select "background_file_id" as "id"
  from "projects"
  where "id" in ($1, $2) and "background_file_id" is not null;
delete
  from "favorites"
  where (("kind" = $1 and "entity_id" in (select "tasks"."id"
  from "tasks"
  where "tasks"."project_id" in ($2, $3))) or ("kind" = $4 and "entity_id" in ($5, $6)));
update "users"
  set "default_project_id" = $1
  where "default_project_id" in ($2, $3);
delete
  from "projects"
  where "id" in ($1, $2);
delete
  from "files"
  where "id" in ($1, $2);

-- AccountRemovalRepo.deleteOwnFiles
-- sqlite
select "file_id" as "id"
  from "user_exports"
  where "user_id" = ? and "file_id" is not null;
select "avatar_file_id" as "id"
  from "users"
  where "id" = ? and "avatar_file_id" is not null;
delete
  from "files"
  where "id" in (?);
-- postgres
select "file_id" as "id"
  from "user_exports"
  where "user_id" = $1 and "file_id" is not null;
select "avatar_file_id" as "id"
  from "users"
  where "id" = $1 and "avatar_file_id" is not null;
delete
  from "files"
  where "id" in ($1);

-- AccountRemovalRepo.handOverTeams
-- sqlite
select "id"
  from "teams"
  where "created_by_id" = ?;
select "user_id"
  from "team_members"
  where "team_id" = ? and "user_id" != ?
  order by "admin" desc, "id";
update "teams"
  set 
  where "id" = ?;
update "team_members"
  set "admin" = ?
  where "team_id" = ? and "user_id" = ?;
-- postgres
select "id"
  from "teams"
  where "created_by_id" = $1;
select "user_id"
  from "team_members"
  where "team_id" = $1 and "user_id" != $2
  order by "admin" desc, "id";
update "teams"
  set 
  where "id" = $1;
update "team_members"
  set "admin" = $1
  where "team_id" = $2 and "user_id" = $3;

-- AccountRemovalRepo.deleteUser
-- sqlite
delete
  from "users"
  where "id" = ?;
-- postgres
delete
  from "users"
  where "id" = $1;

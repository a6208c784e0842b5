-- The SQL of modules/projects/repo.ts, method by method, for SQLite and PostgreSQL.
-- Written by `npm run sql:snapshots` (packages/server/src/db/sql-snapshots); do not edit.

-- ProjectsRepo.find
-- sqlite
select *
  from "projects"
  where "id" = ?;
-- postgres
select *
  from "projects"
  where "id" = $1;

-- ProjectsRepo.findMany
-- sqlite
select *
  from "projects"
  where "id" in (?, ?);
-- postgres
select *
  from "projects"
  where "id" in ($1, $2);

-- ProjectsRepo.insert
-- sqlite
insert into "projects" ("title", "owner_id", "created", "updated")
  values (?, ?, ?, ?)
  returning *;
-- postgres
insert into "projects" ("title", "owner_id", "created", "updated")
  values ($1, $2, $3, $4)
  returning *;

-- ProjectsRepo.update
-- sqlite
update "projects"
  set "title" = ?, "updated" = ?
  where "id" = ?;
-- postgres
update "projects"
  set "title" = $1, "updated" = $2
  where "id" = $3;

-- ProjectsRepo.listVisible
-- sqlite
select *
  from "projects"
  where "id" in SELECT id FROM visible_projects and "is_archived" = ? and (ordo_lower("title") LIKE ? ESCAPE '\' or ordo_lower("description") LIKE ? ESCAPE '\' or ordo_lower("identifier") LIKE ? ESCAPE '\')
  order by "position", "id"
  limit ? offset ?;
select count(*) as "n"
  from "projects"
  where "id" in SELECT id FROM visible_projects and "is_archived" = ? and (ordo_lower("title") LIKE ? ESCAPE '\' or ordo_lower("description") LIKE ? ESCAPE '\' or ordo_lower("identifier") LIKE ? ESCAPE '\');
-- postgres
select *
  from "projects"
  where "id" in SELECT id FROM visible_projects and "is_archived" = $1 and (ordo_lower("title") LIKE $2 ESCAPE '\' or ordo_lower("description") LIKE $3 ESCAPE '\' or ordo_lower("identifier") LIKE $4 ESCAPE '\')
  order by "position", "id"
  limit $5 offset $6;
select count(*) as "n"
  from "projects"
  where "id" in SELECT id FROM visible_projects and "is_archived" = $1 and (ordo_lower("title") LIKE $2 ESCAPE '\' or ordo_lower("description") LIKE $3 ESCAPE '\' or ordo_lower("identifier") LIKE $4 ESCAPE '\');

-- ProjectsRepo.listVisible (by id)
-- sqlite
select *
  from "projects"
  where "id" in SELECT id FROM visible_projects and "id" in (?, ?)
  order by "position", "id";
select count(*) as "n"
  from "projects"
  where "id" in SELECT id FROM visible_projects and "id" in (?, ?);
-- postgres
select *
  from "projects"
  where "id" in SELECT id FROM visible_projects and "id" in ($1, $2)
  order by "position", "id";
select count(*) as "n"
  from "projects"
  where "id" in SELECT id FROM visible_projects and "id" in ($1, $2);

-- ProjectsRepo.taskIdsOf
-- sqlite
select "id"
  from "tasks"
  where "project_id" in (?, ?);
-- postgres
select "id"
  from "tasks"
  where "project_id" in ($1, $2);

-- ProjectsRepo.subtreeIds
-- sqlite

      WITH RECURSIVE subtree(id) AS (
        SELECT id FROM projects WHERE id = ?
        UNION
        SELECT p.id FROM projects p JOIN subtree s ON p.parent_project_id = s.id
      )
      SELECT id FROM subtree;
-- postgres

      WITH RECURSIVE subtree(id) AS (
        SELECT id FROM projects WHERE id = $1
        UNION
        SELECT p.id FROM projects p JOIN subtree s ON p.parent_project_id = s.id
      )
      SELECT id FROM subtree;

-- ProjectsRepo.setArchived
-- sqlite
update "projects"
  set "is_archived" = ?, "updated" = ?
  where "id" in (?, ?);
-- postgres
update "projects"
  set "is_archived" = $1, "updated" = $2
  where "id" in ($3, $4);

-- ProjectsRepo.deleteMany
-- sqlite
delete
  from "projects"
  where "id" in (?, ?);
-- postgres
delete
  from "projects"
  where "id" in ($1, $2);

-- ProjectsRepo.idsWithIdentifier
-- sqlite
select "id"
  from "projects"
  where upper(identifier) = ?
  order by "id";
-- postgres
select "id"
  from "projects"
  where upper(identifier) = $1
  order by "id";

-- ProjectsRepo.identifierTaken
-- sqlite
select "id"
  from "projects"
  where "owner_id" = ? and "identifier" = ? and "id" != ?;
-- postgres
select "id"
  from "projects"
  where "owner_id" = $1 and "identifier" = $2 and "id" != $3;

-- ProjectsRepo.anyIsDefault
-- sqlite
select "id"
  from "users"
  where "default_project_id" in (?, ?)
  limit ?;
-- postgres
select "id"
  from "users"
  where "default_project_id" in ($1, $2)
  limit $3;

-- ProjectsRepo.setDefaultProject
-- sqlite
update "users"
  set "default_project_id" = ?
  where "id" = ?;
-- postgres
update "users"
  set "default_project_id" = $1
  where "id" = $2;

-- ProjectsRepo.usersByIds
-- sqlite
select *
  from "users"
  where "id" in (?, ?);
-- postgres
select *
  from "users"
  where "id" in ($1, $2);

-- ProjectsRepo.siblings
-- sqlite
select "id"
  from "projects"
  where "parent_project_id" = ?
  order by "position", "id";
-- postgres
select "id"
  from "projects"
  where "parent_project_id" = $1
  order by "position", "id";

-- ProjectsRepo.setPositions
-- sqlite
update "projects"
  set "position" = ?
  where "id" = ?;
-- postgres
update "projects"
  set "position" = $1
  where "id" = $2;

-- The SQL of modules/trash/project-snapshot-repo.ts, method by method, for SQLite and PostgreSQL.
-- Written by `npm run sql:snapshots` (packages/server/src/db/sql-snapshots); do not edit.

-- ProjectSnapshotRepo.capture
-- sqlite
select *
  from "projects"
  where "id" in (?, ?);
select *
  from "tasks"
  where "id" in (?, ?);
-- postgres
select *
  from "projects"
  where "id" in ($1, $2);
select *
  from "tasks"
  where "id" in ($1, $2);

-- ProjectSnapshotRepo.restore
-- sqlite
insert into "projects" ("id", "title", "owner_id", "parent_project_id")
  values (?, ?, ?, ?);

        select "table", "from", "to"
  from pragma_foreign_key_list(?);

        select "table", "from", "to"
  from pragma_foreign_key_list(?);

        select "table", "from", "to"
  from pragma_foreign_key_list(?);

        select "table", "from", "to"
  from pragma_foreign_key_list(?);

        select "table", "from", "to"
  from pragma_foreign_key_list(?);

        select "table", "from", "to"
  from pragma_foreign_key_list(?);

        select "table", "from", "to"
  from pragma_foreign_key_list(?);

        select "table", "from", "to"
  from pragma_foreign_key_list(?);

        select "table", "from", "to"
  from pragma_foreign_key_list(?);

        select "table", "from", "to"
  from pragma_foreign_key_list(?);

        select "table", "from", "to"
  from pragma_foreign_key_list(?);

        select "table", "from", "to"
  from pragma_foreign_key_list(?);

        select "table", "from", "to"
  from pragma_foreign_key_list(?);
select "id"
  from "project_views"
  where "id" in (?);
insert into "project_views" ("id", "project_id", "title", "view_kind")
  values (?, ?, ?, ?);
-- postgres
insert into "projects" ("id", "title", "owner_id", "parent_project_id")
  values ($1, $2, $3, $4);

    select cl.relname as "table", a.attname as "column", ref.relname as "referencedTable", ra.attname as "referencedColumn"
   
  from pg_constraint c
    join pg_class cl on cl.oid = c.conrelid
    join pg_namespace n on n.oid = cl.relnamespace
    join pg_class ref on ref.oid = c.confrelid
   
  cross join lateral unnest(c.conkey, c.confkey) as k(attnum, refnum)
    join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.attnum
    join pg_attribute ra on ra.attrelid = c.confrelid and ra.attnum = k.refnum
   
  where c.contype = 'f' and n.nspname = current_schema();
select "id"
  from "project_views"
  where "id" in ($1);
insert into "project_views" ("id", "project_id", "title", "view_kind")
  values ($1, $2, $3, $4);

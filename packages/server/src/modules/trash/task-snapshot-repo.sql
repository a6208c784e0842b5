-- The SQL of modules/trash/task-snapshot-repo.ts, method by method, for SQLite and PostgreSQL.
-- Written by `npm run sql:snapshots` (packages/server/src/db/sql-snapshots); do not edit.

-- TaskSnapshotRepo.capture
-- sqlite
select *
  from "tasks"
  where "id" in (?, ?);
-- postgres
select *
  from "tasks"
  where "id" in ($1, $2);

-- TaskSnapshotRepo.withoutClashes
-- sqlite
select "id"
  from "tasks"
  where "project_id" = ? and "uid" = ?;
select "task_id"
  from "caldav_objects"
  where "project_id" = ? and ("href" in (?) or "uid" in (?));
-- postgres
select "id"
  from "tasks"
  where "project_id" = $1 and "uid" = $2;
select "task_id"
  from "caldav_objects"
  where "project_id" = $1 and ("href" in ($2) or "uid" in ($3));

-- TaskSnapshotRepo.restore
-- sqlite
insert into "tasks" ("id", "project_id", "title", "index")
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

        select "table", "from", "to"
  from pragma_foreign_key_list(?);

        select "table", "from", "to"
  from pragma_foreign_key_list(?);
select "id"
  from "label_tasks"
  where "id" in (?);
insert into "label_tasks" ("id", "task_id", "label_id", "created")
  values (?, ?, ?, ?);
-- postgres
insert into "tasks" ("id", "project_id", "title", "index")
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
  from "label_tasks"
  where "id" in ($1);
insert into "label_tasks" ("id", "task_id", "label_id", "created")
  values ($1, $2, $3, $4);

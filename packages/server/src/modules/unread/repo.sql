-- The SQL of modules/unread/repo.ts, method by method, for SQLite and PostgreSQL.
-- Written by `npm run sql:snapshots` (packages/server/src/db/sql-snapshots); do not edit.

-- UnreadRepo.unreadIds
-- sqlite
select "task_id"
  from "task_unread_markers"
  where "user_id" = ? and "task_id" in (?, ?);
-- postgres
select "task_id"
  from "task_unread_markers"
  where "user_id" = $1 and "task_id" = any($2);

-- UnreadRepo.markUnread
-- sqlite
insert into "task_unread_markers" ("user_id", "task_id") SELECT r.user_id, CAST(? AS integer) FROM (SELECT project_id, user_id FROM project_readers WHERE project_id IN (SELECT project_id FROM tasks WHERE id = ?)) r WHERE r.user_id <> ?
  on conflict do nothing;
-- postgres
insert into "task_unread_markers" ("user_id", "task_id") SELECT r.user_id, CAST($1 AS integer) FROM (SELECT project_id, user_id FROM project_readers WHERE project_id IN (SELECT project_id FROM tasks WHERE id = $2)) r WHERE r.user_id <> $3
  on conflict do nothing;

-- UnreadRepo.markRead
-- sqlite
delete
  from "task_unread_markers"
  where "user_id" = ? and "task_id" = ?;
-- postgres
delete
  from "task_unread_markers"
  where "user_id" = $1 and "task_id" = $2;

-- UnreadRepo.forgetUnreadable
-- sqlite
delete
  from "task_unread_markers"
  where "user_id" in (?, ?) and NOT EXISTS (SELECT 1 FROM tasks t INNER JOIN (SELECT project_id, user_id FROM project_readers WHERE project_id IN (SELECT t.project_id FROM task_unread_markers m
        INNER JOIN tasks t ON t.id = m.task_id WHERE m.user_id IN (?, ?))) r ON r.project_id = t.project_id
          WHERE t.id = task_unread_markers.task_id AND r.user_id = task_unread_markers.user_id);
-- postgres
delete
  from "task_unread_markers"
  where "user_id" in ($1, $2) and NOT EXISTS (SELECT 1 FROM tasks t INNER JOIN (SELECT project_id, user_id FROM project_readers WHERE project_id IN (SELECT t.project_id FROM task_unread_markers m
        INNER JOIN tasks t ON t.id = m.task_id WHERE m.user_id IN ($3, $4))) r ON r.project_id = t.project_id
          WHERE t.id = task_unread_markers.task_id AND r.user_id = task_unread_markers.user_id);

-- UnreadRepo.forgetUnreadableIn
-- sqlite
delete
  from "task_unread_markers"
  where "task_id" in (select "tasks"."id"
  from "tasks"
  where "tasks"."project_id" in (?, ?)) and NOT EXISTS (SELECT 1 FROM tasks t INNER JOIN (SELECT project_id, user_id FROM project_readers WHERE project_id IN (?, ?)) r ON r.project_id = t.project_id
          WHERE t.id = task_unread_markers.task_id AND r.user_id = task_unread_markers.user_id);
-- postgres
delete
  from "task_unread_markers"
  where "task_id" in (select "tasks"."id"
  from "tasks"
  where "tasks"."project_id" in ($1, $2)) and NOT EXISTS (SELECT 1 FROM tasks t INNER JOIN (SELECT project_id, user_id FROM project_readers WHERE project_id IN ($3, $4)) r ON r.project_id = t.project_id
          WHERE t.id = task_unread_markers.task_id AND r.user_id = task_unread_markers.user_id);

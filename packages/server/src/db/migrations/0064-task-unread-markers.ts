/**
 * Unread marks on tasks (Vikunja 1.0): a row says the user has not read the task's newest comments.
 * A comment writes one for every other user who can read the task; opening the task removes the
 * reader's own. The pair is the key and leads with the user, as lists ask "which of these tasks are
 * unread for me"; the task index serves the cascade when a task goes. Rows go with their task and
 * their user.
 */
import type { Kysely } from 'kysely';

export function taskUnreadMarkers() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('task_unread_markers')
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('task_id', 'integer', (c) => c.notNull().references('tasks.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('task_unread_markers_pkey', ['user_id', 'task_id'])
        .execute();
      await db.schema
        .createIndex('task_unread_markers_task')
        .on('task_unread_markers')
        .column('task_id')
        .execute();
    },
  };
}

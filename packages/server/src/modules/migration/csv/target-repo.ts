/** What an existing project already holds, so importing the same file again adds nothing twice. */
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';

export interface KnownTarget {
  /** The target's unarchived child projects, by lower-case title. */
  children: Map<string, number>;
  /** The tasks of the target and of those children, as `taskKey`s, by project. */
  tasks: Map<number, Set<string>>;
}

/** A task as the same row of a file would make it again: its title and due date. */
export function taskKey(title: string, dueDate: string | null): string {
  return `${title}\u0000${dueDate ?? ''}`;
}

export async function knownTarget(db: Kysely<Database>, projectId: number): Promise<KnownTarget> {
  const children = await db
    .selectFrom('projects')
    .select(['id', 'title'])
    .where('parent_project_id', '=', projectId)
    .where('is_archived', '=', false)
    .orderBy('id')
    .execute();
  const byTitle = new Map<string, number>();
  for (const child of children) {
    if (!byTitle.has(child.title.toLowerCase())) byTitle.set(child.title.toLowerCase(), child.id);
  }
  const ids = [projectId, ...byTitle.values()];
  const rows = await db
    .selectFrom('tasks')
    .select(['project_id', 'title', 'due_date'])
    .where('project_id', 'in', ids)
    .execute();
  const tasks = new Map<number, Set<string>>(ids.map((id) => [id, new Set<string>()]));
  for (const row of rows) tasks.get(row.project_id)?.add(taskKey(row.title, row.due_date));
  return { children: byTitle, tasks };
}

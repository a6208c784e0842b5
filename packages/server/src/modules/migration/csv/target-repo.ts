/**
 * What an existing project already holds, so importing the same file again adds nothing twice,
 * and which of its child projects the importing user may write to.
 */
import { Right } from '@ordo/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';

export interface KnownTarget {
  /** The target's unarchived child projects the user may write to, by lower-case title. */
  children: Map<string, number>;
  /**
   * Those the user may only read (a read-only share on the child outweighs the write held on
   * the target, reference §4.11), by lower-case title: a row naming one refuses the import.
   */
  readOnly: Map<string, { id: number; title: string }>;
  /** The tasks of the target and of the writable children, as `taskKey`s, by project. */
  tasks: Map<number, Set<string>>;
}

/** The user's rights on these projects (RightsService.projectRights). */
export type ProjectRights = (projectIds: readonly number[]) => Promise<Map<number, Right | null>>;

/** A task as the same row of a file would make it again: its title and due date. */
export function taskKey(title: string, dueDate: string | null): string {
  return `${title}\u0000${dueDate ?? ''}`;
}

export async function knownTarget(
  db: Kysely<Database>,
  projectId: number,
  rightsOf: ProjectRights,
): Promise<KnownTarget> {
  const children = await db
    .selectFrom('projects')
    .select(['id', 'title'])
    .where('parent_project_id', '=', projectId)
    .where('is_archived', '=', false)
    .orderBy('id')
    .execute();
  const rights = children.length > 0 ? await rightsOf(children.map((c) => c.id)) : new Map();
  // Of two children with one title, the first the user may write to takes the rows.
  const byTitle = new Map<string, number>();
  const readOnly = new Map<string, { id: number; title: string }>();
  for (const child of children) {
    const key = child.title.toLowerCase();
    const right = rights.get(child.id) ?? null;
    if (right === null) continue;
    if (right >= Right.write) {
      if (!byTitle.has(key)) byTitle.set(key, child.id);
    } else if (!readOnly.has(key)) {
      readOnly.set(key, { id: child.id, title: child.title });
    }
  }
  for (const key of byTitle.keys()) readOnly.delete(key);
  const ids = [projectId, ...byTitle.values()];
  const rows = await db
    .selectFrom('tasks')
    .select(['project_id', 'title', 'due_date'])
    .where('project_id', 'in', ids)
    .execute();
  const tasks = new Map<number, Set<string>>(ids.map((id) => [id, new Set<string>()]));
  for (const row of rows) tasks.get(row.project_id)?.add(taskKey(row.title, row.due_date));
  return { children: byTitle, readOnly, tasks };
}

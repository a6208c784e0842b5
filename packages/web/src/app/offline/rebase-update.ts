/**
 * A task update that waited (offline, or cut off on its way) is a full replace made against the
 * task as it was then. Sent as it is, it would put back every field someone else has changed
 * since. So it is sent as its own changes only: the fields that differ from the task it was made
 * on, put on the task as the server has it now, under that version (If-Match). A field both
 * changed keeps the other person's value, except a description, which keeps both texts (theirs
 * first), so nothing either wrote is lost; the replay says which fields met someone else's change.
 */
import { TASK_BODY_KEYS, type Task, type TaskInput, taskInput } from '../../api/tasks';
import { mergedDescription } from '../../features/tasks/conflict/task-conflict';

/** An empty list and no list are the same to the server (assignees, reminders, labels). */
function comparable(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) {
    if (value.length === 0) return null;
    // Assignees are compared by who they are, not by the profile fields that came with them.
    return value.map((item) => (item && typeof item === 'object' && 'id' in item ? item.id : item));
  }
  return value;
}

const same = (a: unknown, b: unknown) => JSON.stringify(comparable(a)) === JSON.stringify(comparable(b));

export interface Rebased {
  /** The body to send, or null when the server has every change already. */
  body: TaskInput | null;
  /** Fields both changed: the other person's value was kept. */
  kept: (keyof Task)[];
  /** Fields both changed whose texts were both kept. */
  merged: (keyof Task)[];
}

/** The update `mine`, made on `base`, as changes on top of `current`. */
export function rebaseUpdate(base: Task, mine: TaskInput, current: Task): Rebased {
  const body: Record<string, unknown> = { ...taskInput(current) };
  const kept: (keyof Task)[] = [];
  const merged: (keyof Task)[] = [];
  let changes = false;
  for (const key of TASK_BODY_KEYS) {
    if (!(key in mine) || key === 'customFields' || same(mine[key], base[key])) continue;
    if (same(current[key], mine[key])) continue;
    const theirs = !same(current[key], base[key]);
    if (!theirs) body[key] = mine[key];
    else if (key === 'description') {
      body[key] = mergedDescription(current.description ?? '', (mine.description as string) ?? '');
      merged.push(key);
    } else {
      kept.push(key);
      continue;
    }
    changes = true;
  }
  // Custom field values travel as the changed keys alone, which the server puts on its own.
  if (mine.customFields) {
    body.customFields = mine.customFields;
    changes = true;
  }
  return { body: changes ? (body as TaskInput) : null, kept, merged };
}

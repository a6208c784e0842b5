/**
 * A save the server refused because someone else saved the task first (412, 30070): what was
 * loaded (base), what the other person saved (theirs) and the fields this user changed (patch).
 * Only fields both sides changed, to different values, are a conflict; the rest merge cleanly.
 */
import { isApiRequestError } from '../../../api/api-error';
import { TASK_CHANGED_MEANWHILE, type Task } from '../../../api/tasks';

export interface TaskConflict {
  base: Task;
  theirs: Task;
  theirsVersion?: string;
  /** This user's unsaved changes, several saves' worth when they queued up behind the first. */
  patch: Partial<Task>;
}

/** The current task and version a 412 (30070) carries, or null for any other error. */
export function theirsOf(error: unknown): { task: Task; version?: string } | null {
  if (!isApiRequestError(error) || error.status !== 412 || error.code !== TASK_CHANGED_MEANWHILE) return null;
  const body = error.body as { task?: Task; version?: string } | null;
  return body?.task ? { task: body.task, version: body.version } : null;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields of the patch the other person changed as well, to something else. */
export function conflictingFields(conflict: TaskConflict): (keyof Task)[] {
  return (Object.keys(conflict.patch) as (keyof Task)[]).filter(
    (key) =>
      !same(conflict.theirs[key], conflict.base[key]) && !same(conflict.theirs[key], conflict.patch[key]),
  );
}

/** Both descriptions in one text, theirs first, for the user to merge by hand. */
export function mergedDescription(theirs: string, mine: string): string {
  if (!theirs.trim()) return mine;
  if (!mine.trim()) return theirs;
  return `${theirs}<hr>${mine}`;
}

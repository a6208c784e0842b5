/**
 * Which fields of a task a change touched, and their values before and after, for the task's
 * activity history. Values are compared as the wire shows them: done as true/false, numbers as
 * numbers, an unset date as null, so a write that leaves a field as it was records nothing.
 */

/** The task columns whose changes are recorded, in the order a history lists one change's fields. */
export const TRACKED_TASK_FIELDS = [
  'title',
  'description',
  'done',
  'due_date',
  'start_date',
  'end_date',
  'priority',
  'percent_done',
  'hex_color',
  'repeat_after',
  'repeat_mode',
  'project_id',
] as const;

export type TrackedTaskField = (typeof TRACKED_TASK_FIELDS)[number];

export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

const BOOLEAN_FIELDS: ReadonlySet<string> = new Set(['done']);
const NUMBER_FIELDS: ReadonlySet<string> = new Set([
  'priority',
  'percent_done',
  'repeat_after',
  'repeat_mode',
  'project_id',
]);
const DATE_FIELDS: ReadonlySet<string> = new Set(['due_date', 'start_date', 'end_date']);

/** A stored value as the history keeps it. */
export function activityValue(field: string, value: unknown): unknown {
  if (BOOLEAN_FIELDS.has(field)) return value === true || value === 1 || value === '1';
  if (NUMBER_FIELDS.has(field)) return value === null || value === undefined ? 0 : Number(value);
  if (DATE_FIELDS.has(field)) return value ? String(value) : null;
  return value ?? '';
}

/** The tracked fields whose value differs between the two versions of a task. */
export function taskFieldChanges(
  before: Readonly<Record<string, unknown>>,
  after: Readonly<Record<string, unknown>>,
): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of TRACKED_TASK_FIELDS) {
    if (!(field in after)) continue;
    const was = activityValue(field, before[field]);
    const is = activityValue(field, after[field]);
    if (was !== is) changes.push({ field, before: was, after: is });
  }
  return changes;
}

export interface NamedRef {
  id: number;
  name: string;
}

/** One change for a set (assignees, labels) when its members differ, listing both sets by id. */
export function setChange(
  field: string,
  before: readonly NamedRef[],
  after: readonly NamedRef[],
): FieldChange | null {
  const ids = (refs: readonly NamedRef[]) =>
    [...new Set(refs.map((r) => r.id))].sort((a, b) => a - b).join(',');
  if (ids(before) === ids(after)) return null;
  const byId = (refs: readonly NamedRef[]) => [...refs].sort((a, b) => a.id - b.id);
  return { field, before: byId(before), after: byId(after) };
}

/**
 * `POST /tasks/bulk` (reference §2.6, §4.4): the same values on many tasks of one project, in one
 * transaction, with write needed on the project (and on a move target). Two bodies are read:
 *
 * - v0.24 (what Ordo follows): `{task_ids, …task fields}`. Like Vikunja's merge, a field that is
 *   sent non-empty overrides; empty or omitted fields keep the stored value, except `done`, which
 *   is always taken. Assignees and reminders change only when the body carries them.
 * - v1.0+: `{task_ids, fields, values}`: exactly the listed fields are taken from `values`
 *   (4027 for a field outside the allowed list).
 *
 * Ordo adds `add_label_ids`, `remove_label_ids`, `add_assignee_ids` and `remove_assignee_ids`
 * (Vikunja clients never send them), written in the same transaction. A body that carries any of
 * them and no `fields` list changes nothing else, so that it cannot mark the tasks not done.
 */
import { Right, toApiDate } from '@ordo/core';
import type { Kysely } from 'kysely';
import { selectInChunks } from '../../db/id-chunks.js';
import type { Database, TaskRow } from '../../db/schema.js';
import { fail } from '../../http/api-error.js';
import { AssigneesRepo } from '../assignees/repo.js';
import { FavoritesRepo } from '../favorites/repo.js';
import type { ReminderInput } from '../reminders/input.js';
import { RemindersRepo } from '../reminders/repo.js';
import { sanitizeRichText } from '../rich-text/sanitize.js';
import type { ProjectAccess } from '../rights/project-access.js';
import type { BulkLabels } from './bulk-labels.js';
import { copyColumnFields } from './column-fields.js';
import type { TaskDetails } from './details.js';
import type { TaskInput } from './input.js';
import { withIndexRetry } from './repo.js';
import type { SerializedTask } from './serialize.js';
import type { TasksService, UpdatePlan } from './service.js';

export const BULK_FIELDS = [
  'title',
  'description',
  'done',
  'due_date',
  'repeat_after',
  'priority',
  'start_date',
  'end_date',
  'hex_color',
  'percent_done',
  'project_id',
  'bucket_id',
  'repeat_mode',
  'cover_image_attachment_id',
  // Ordo only: values by field id, merged into each task's (a field left out keeps its value).
  'custom_fields',
] as const;

export type BulkBody = TaskInput & {
  task_ids?: number[] | null;
  fields?: string[] | null;
  values?: TaskInput | null;
  add_label_ids?: number[];
  remove_label_ids?: number[];
  add_assignee_ids?: number[];
  remove_assignee_ids?: number[];
};

const ORDO_FIELDS = ['add_label_ids', 'remove_label_ids', 'add_assignee_ids', 'remove_assignee_ids'] as const;

/** What a task's update body is today: its stored fields, assignees, reminders and favourite. */
function currentInput(
  row: TaskRow,
  assigneeIds: number[],
  reminders: ReminderInput[],
  favorite: boolean,
): TaskInput {
  return {
    ...copyColumnFields(row),
    title: row.title,
    description: row.description,
    done: !!row.done,
    due_date: row.due_date,
    start_date: row.start_date,
    end_date: row.end_date,
    repeat_after: Number(row.repeat_after),
    hex_color: row.hex_color,
    project_id: row.project_id,
    is_favorite: favorite,
    assignees: assigneeIds.map((id) => ({ id })),
    reminders,
  };
}

function isEmpty(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    value === '' ||
    value === 0 ||
    value === false ||
    (typeof value === 'string' && value.startsWith('0001-01-01'))
  );
}

/** The update body for one task: its current state with the bulk values laid over it. */
export function mergeBulkInput(current: TaskInput, body: BulkBody): TaskInput {
  return changeAssignees(mergeFields(current, body), body);
}

function mergeFields(current: TaskInput, body: BulkBody): TaskInput {
  const merged: Record<string, unknown> = { ...current };
  const fields = body.fields ?? (ORDO_FIELDS.some((f) => body[f] !== undefined) ? [] : null);
  if (fields) {
    const values = (body.values ?? {}) as Record<string, unknown>;
    for (const field of fields) merged[field] = values[field];
    return merged as TaskInput;
  }
  for (const field of BULK_FIELDS) {
    const value = (body as Record<string, unknown>)[field];
    if (!isEmpty(value)) merged[field] = value;
  }
  merged.done = body.done === true;
  if (body.is_favorite !== undefined) merged.is_favorite = body.is_favorite;
  if (body.assignees !== undefined) merged.assignees = body.assignees;
  if (body.reminders !== undefined) merged.reminders = body.reminders;
  return merged as TaskInput;
}

/** `add_assignee_ids` / `remove_assignee_ids` on the task's assignees (an added one is kept). */
function changeAssignees(input: TaskInput, body: BulkBody): TaskInput {
  const add = body.add_assignee_ids ?? [];
  const remove = (body.remove_assignee_ids ?? []).filter((id) => !add.includes(id));
  if (add.length === 0 && remove.length === 0) return input;
  const ids = (input.assignees ?? []).map((a) => a.id).filter((id) => !remove.includes(id));
  for (const id of add) if (!ids.includes(id)) ids.push(id);
  return { ...input, assignees: ids.map((id) => ({ id })) };
}

/**
 * The body as Vikunja echoes it, with the descriptions cleaned as they were stored: a client that
 * shows the echo must not get back markup the server refused to keep.
 */
function echoedBody(body: BulkBody): BulkBody {
  const echoed: BulkBody = { ...body };
  if (typeof body.description === 'string') echoed.description = sanitizeRichText(body.description);
  if (body.values && typeof body.values.description === 'string')
    echoed.values = { ...body.values, description: sanitizeRichText(body.values.description) };
  return echoed;
}

export class BulkTaskService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly tasks: TasksService,
    private readonly access: ProjectAccess,
    private readonly details: TaskDetails,
    private readonly labels: BulkLabels,
  ) {}

  async update(userId: number, body: BulkBody): Promise<BulkBody & { tasks: SerializedTask[] }> {
    const ids = [...new Set(body.task_ids ?? [])];
    if (body.fields) {
      const bad = body.fields.find((f) => !(BULK_FIELDS as readonly string[]).includes(f));
      if (bad !== undefined) throw fail('invalidTaskColumn', [bad]);
    }
    const rows = await this.writableRows(userId, ids);
    const labelChange = await this.labels.demandUsable(
      userId,
      body.add_label_ids ?? [],
      body.remove_label_ids ?? [],
    );
    // Checked once here, so that a user who cannot be assigned fails before each task's plan.
    await this.tasks.demandAssignable(rows[0].project_id, body.add_assignee_ids ?? []);

    const current = await this.currentInputs(userId, rows);
    const planned: { row: TaskRow; input: TaskInput; plan: UpdatePlan }[] = [];
    for (const row of rows) {
      const input = mergeBulkInput(current.get(row.id)!, body);
      planned.push({ row, input, plan: await this.tasks.planUpdate(userId, row, input) });
    }
    const relabelled = await withIndexRetry(() =>
      this.db.transaction().execute(async (trx) => {
        for (const { row, input, plan } of planned)
          await this.tasks.applyUpdate(trx, userId, row, input, plan);
        const changed = await this.labels.write(trx, userId, rows, labelChange);
        await this.tasks.reviseVtodos(trx, changed);
        return changed;
      }),
    );
    // A move in the same request took the tasks to the target project: that is where they show.
    this.labels.told(userId, planned[0].plan.targetProject ?? rows[0].project_id, relabelled);
    for (const { row, plan } of planned) {
      const assignedBefore = new Set((current.get(row.id)?.assignees ?? []).map((a) => a.id));
      await this.tasks.notifyUpdated(userId, row, assignedBefore, plan);
    }
    const updated = (await selectInChunks(ids, (part) => this.tasks.rows(part))).sort((a, b) => a.id - b.id);
    return { ...echoedBody(body), task_ids: ids, tasks: await this.details.serialize(userId, updated) };
  }

  /** `POST /tasks/bulk/delete`: tasks of one project, write needed on it, one transaction. */
  async delete(userId: number, taskIds: readonly number[]): Promise<void> {
    const rows = await this.writableRows(userId, [...new Set(taskIds)]);
    await this.tasks.deleteRows(userId, rows);
  }

  /** The tasks by id: at least one (4018), all of one project (4019), write on it. */
  private async writableRows(userId: number, ids: readonly number[]): Promise<TaskRow[]> {
    const rows = await selectInChunks(ids, (part) => this.tasks.rows(part));
    if (rows.length === 0) throw fail('bulkTasksNeedOne');
    const projectIds = new Set(rows.map((r) => r.project_id));
    if (projectIds.size > 1) throw fail('bulkTasksSameProject');
    await this.access.demand(userId, rows[0].project_id, Right.write);
    return rows;
  }

  /** Every task's current body, with one query each for assignees, reminders and favourites. */
  private async currentInputs(userId: number, rows: TaskRow[]): Promise<Map<number, TaskInput>> {
    const ids = rows.map((r) => r.id);
    const [assignees, reminders, favorites] = await Promise.all([
      selectInChunks(ids, (part) => new AssigneesRepo(this.db).usersOfTasks(part)),
      selectInChunks(ids, (part) => new RemindersRepo(this.db).ofTasks(part)),
      selectInChunks(ids, async (part) => [
        ...(await new FavoritesRepo(this.db).favoriteIds(userId, 'task', part)),
      ]),
    ]);
    const favorite = new Set(favorites);
    return new Map(
      rows.map((row) => [
        row.id,
        currentInput(
          row,
          assignees.filter((a) => a.task_id === row.id).map((a) => a.id),
          reminders
            .filter((r) => r.task_id === row.id)
            .map((r) => ({
              reminder: r.relative_to ? null : toApiDate(r.reminder),
              relative_period: Number(r.relative_period),
              relative_to: r.relative_to,
            })),
          favorite.has(row.id),
        ),
      ]),
    );
  }
}

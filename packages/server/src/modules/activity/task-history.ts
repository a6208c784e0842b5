/**
 * The write side of task activity, used inside the transactions that change a task: a task's
 * state read before a write (its assignees), and after the write the entries for what changed.
 */
import { type FieldChange, type NamedRef, setChange, taskFieldChanges } from '@ordo/core';
import type { Kysely } from 'kysely';
import type { Database, TaskRow } from '../../db/schema.js';
import { AssigneesRepo } from '../assignees/repo.js';
import { ActivityRepo } from './repo.js';

async function usernames(trx: Kysely<Database>, ids: readonly number[]): Promise<NamedRef[]> {
  if (ids.length === 0) return [];
  const rows = await trx
    .selectFrom('users')
    .select(['id', 'username'])
    .where('id', 'in', [...ids])
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.username }));
}

export class TaskHistory {
  private constructor(
    private readonly before: TaskRow,
    private readonly assigneesBefore: number[],
  ) {}

  /** Reads what a change is compared with, before anything is written. */
  static async before(trx: Kysely<Database>, task: TaskRow): Promise<TaskHistory> {
    return new TaskHistory(task, await new AssigneesRepo(trx).userIdsOfTask(task.id));
  }

  /** Records the fields `after` changed and, when given, the change of assignees. */
  async record(
    trx: Kysely<Database>,
    actorId: number,
    after: Partial<TaskRow>,
    assigneesAfter?: readonly number[],
  ): Promise<void> {
    const changes: FieldChange[] = taskFieldChanges(this.before, after);
    if (assigneesAfter) {
      const people = new Map(
        (await usernames(trx, [...new Set([...this.assigneesBefore, ...assigneesAfter])])).map((p) => [
          p.id,
          p,
        ]),
      );
      const refs = (ids: readonly number[]) => ids.flatMap((id) => people.get(id) ?? []);
      const assignees = setChange('assignees', refs(this.assigneesBefore), refs(assigneesAfter));
      if (assignees) changes.push(assignees);
    }
    const repo = new ActivityRepo(trx);
    const projectId = after.project_id ?? this.before.project_id;
    if (projectId !== this.before.project_id) await repo.moveTask(this.before.id, projectId);
    await recordTaskChanges(repo, { id: this.before.id, project_id: projectId }, actorId, changes);
  }
}

/** The first entry of a new task's history. */
export function recordTaskCreated(
  trx: Kysely<Database>,
  task: { id: number; project_id: number },
  actorId: number,
): Promise<void> {
  return recordTaskChanges(new ActivityRepo(trx), task, actorId, [
    { field: 'created', before: null, after: null },
  ]);
}

/** A single labelled change (a label added or removed, an assignee added or removed). */
export function recordTaskChange(
  trx: Kysely<Database>,
  task: { id: number; project_id: number },
  actorId: number,
  change: FieldChange,
): Promise<void> {
  return recordTaskChanges(new ActivityRepo(trx), task, actorId, [change]);
}

/** Records a change of a task's labels, naming them by their titles. */
export async function recordLabelChange(
  trx: Kysely<Database>,
  task: { id: number; project_id: number },
  actorId: number,
  before: readonly number[],
  after: readonly number[],
): Promise<void> {
  const ids = [...new Set([...before, ...after])];
  const rows =
    ids.length === 0
      ? []
      : await trx.selectFrom('labels').select(['id', 'title']).where('id', 'in', ids).execute();
  const titles = new Map(rows.map((r) => [r.id, { id: r.id, name: r.title }]));
  const refs = (list: readonly number[]) => list.flatMap((id) => titles.get(id) ?? []);
  const change = setChange('labels', refs(before), refs(after));
  if (change) await recordTaskChange(trx, task, actorId, change);
}

/** Records a task's changes inside the transaction that makes them. */
async function recordTaskChanges(
  repo: ActivityRepo,
  task: { id: number; project_id: number },
  actorId: number,
  changes: readonly FieldChange[],
): Promise<void> {
  if (changes.length === 0) return;
  await repo.record(
    changes.map((c) => ({
      task_id: task.id,
      project_id: task.project_id,
      actor_id: actorId,
      field: c.field,
      before: c.before,
      after: c.after,
    })),
  );
}

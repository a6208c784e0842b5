/**
 * The parts of a task body that live in other tables (reference §4.4): `assignees` and
 * `reminders` are replaced by every create and update (omitted means none), and the cover image
 * must be one of the task's own attachments (4020). `prepare` checks everything before the
 * transaction; `write` stores it inside.
 */
import type { ReminderBaseDates, ReminderSpec } from '@ordo/core';
import type { Kysely } from 'kysely';
import type { Database, TaskRow } from '../../db/schema.js';
import { fail } from '../../http/api-error.js';
import { demandAssignable } from '../assignees/assignable.js';
import { AssigneesRepo } from '../assignees/repo.js';
import type { FileStore } from '../attachments/files/store.js';
import { AttachmentsRepo } from '../attachments/repo.js';
import { type ReminderInput, readReminders } from '../reminders/input.js';
import { syncReminders, writeReminders } from '../reminders/service.js';
import type { RightsService } from '../rights/service.js';
import { SubscriptionsRepo } from '../subscriptions/repo.js';
import { TrashRepo } from '../trash/repo.js';
import { remindersDiffer } from './vtodo-revision.js';

export interface TaskPartsInput {
  assignees?: readonly { id: number }[] | null;
  reminders?: readonly ReminderInput[] | null;
  cover_image_attachment_id?: number;
}

export interface PreparedTaskParts {
  assigneeIds: number[];
  reminders: ReminderSpec[];
}

export class TaskParts {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly rights: RightsService,
    private readonly files: FileStore,
  ) {}

  /**
   * Checks the body's parts for a task in `projectId` (`existing` is null on create). Each assignee
   * must be able to read the project, but one already on a task that stays where it is keeps its
   * place unchecked: Vikunja's clients send every assignee back with each save, and one who has
   * since lost access would otherwise block every edit of the task until removed.
   */
  async prepare(
    projectId: number,
    input: TaskPartsInput,
    existing: TaskRow | null,
  ): Promise<PreparedTaskParts> {
    const reminders = readReminders(input.reminders);
    const assigneeIds = [...new Set((input.assignees ?? []).map((a) => a.id))];
    const kept =
      existing && existing.project_id === projectId
        ? new Set(await new AssigneesRepo(this.db).userIdsOfTask(existing.id))
        : new Set<number>();
    await demandAssignable(
      this.db,
      this.rights,
      projectId,
      assigneeIds.filter((id) => !kept.has(id)),
    );
    const cover = input.cover_image_attachment_id ?? 0;
    if (cover !== 0) {
      const attachment = existing ? await new AttachmentsRepo(this.db).find(cover) : undefined;
      if (!attachment || attachment.task_id !== existing?.id) throw fail('attachmentNotOfTask');
    }
    return { assigneeIds, reminders };
  }

  /** Answers whether the reminders changed (the task's VTODO shows them as alarms). */
  async write(
    trx: Kysely<Database>,
    taskId: number,
    parts: PreparedTaskParts,
    dates: ReminderBaseDates,
  ): Promise<boolean> {
    await new AssigneesRepo(trx).replace(taskId, parts.assigneeIds);
    const { written, replaced } = await writeReminders(trx, taskId, parts.reminders, dates);
    return remindersDiffer(
      replaced,
      written.map((r) => ({
        reminder: r.reminder,
        relative_period: r.relativePeriod,
        relative_to: r.relativeTo ?? '',
      })),
    );
  }

  /** The task's dates changed without its reminders being sent (bulk edits). */
  syncReminders(trx: Kysely<Database>, taskId: number, dates: ReminderBaseDates): Promise<void> {
    return syncReminders(trx, taskId, dates);
  }

  /**
   * Inside a task delete: removes the file rows its attachments own and answers their ids, unless
   * the trash keeps them (`keepFiles`).
   */
  async beforeDelete(
    trx: Kysely<Database>,
    taskIds: readonly number[],
    { keepFiles = false }: { keepFiles?: boolean } = {},
  ): Promise<number[]> {
    const repo = new AttachmentsRepo(trx);
    await new SubscriptionsRepo(trx).removeAllOf('task', taskIds);
    if (keepFiles) return [];
    const fileIds = await repo.fileIdsOfTasks(taskIds);
    await repo.deleteFiles(fileIds);
    return fileIds;
  }

  /**
   * Inside a project delete: removes the file rows its trashed tasks hold (the entries go with the
   * project) and answers their ids.
   */
  async beforeTrashDelete(trx: Kysely<Database>, projectIds: readonly number[]): Promise<number[]> {
    const fileIds = await new TrashRepo(trx).fileIdsInProjects(projectIds);
    await new AttachmentsRepo(trx).deleteFiles(fileIds);
    return fileIds;
  }

  /** After the delete committed: the files' bytes. */
  async afterDelete(fileIds: readonly number[]): Promise<void> {
    for (const id of fileIds) await this.files.remove(id);
  }
}

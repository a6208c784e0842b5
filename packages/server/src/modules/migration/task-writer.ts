/**
 * Writes one imported task inside the transaction of its batch (`trx`) by the rules a task created in the app
 * follows: fields read (and the description sanitised) as a create body is, a per-project index,
 * a place on top of every view and in a kanban bucket (the source's, or done/default), reminders
 * computed from its dates. Labels are the user's own: one of the same title and colour is reused,
 * else made. Comments are the importing user's. Attachment bytes go to the file store.
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { nowIso } from '@ordo/core';
import type { Kysely } from 'kysely';
import type { Dialect } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { sniffMime } from '../attachments/files/sniff.js';
import type { FileStore } from '../attachments/files/store.js';
import { AttachmentsRepo } from '../attachments/repo.js';
import { CommentsRepo } from '../comments/repo.js';
import { FavoritesRepo } from '../favorites/repo.js';
import { LabelsRepo } from '../labels/repo.js';
import { writeReminders } from '../reminders/service.js';
import { sanitizeDescription } from '../tasks/description.js';
import { readTaskFields } from '../tasks/input.js';
import { TaskPlacement } from '../tasks/placement.js';
import { TasksRepo } from '../tasks/repo.js';
import { ImportRepo } from './import-repo.js';
import type { PlanLabel, PlanTask } from './plan.js';
import { hexColorOf } from './task-values.js';

export class TaskWriter {
  /** File ids whose bytes went to the store, in order. */
  readonly storedFiles: number[] = [];
  /** Labels this import made (not those it reused), for a rollback. */
  readonly createdLabels: number[] = [];
  private readonly labelIds = new Map<string, number>();

  constructor(
    private readonly userId: number,
    private readonly dialect: Dialect,
    private readonly store: FileStore,
  ) {}

  /** Writes the task into `projectId` with `index`, in `bucketId` (0: by the usual rule). */
  async write(
    trx: Kysely<Database>,
    task: PlanTask,
    projectId: number,
    index: number,
    bucketId: number,
  ): Promise<number> {
    const tasks = new TasksRepo(trx, this.dialect);
    const fields = readTaskFields({
      description: task.description,
      done: task.done,
      due_date: task.dueDate,
      start_date: task.startDate,
      end_date: task.endDate,
      repeat_after: task.repeatAfter,
      repeat_mode: task.repeatMode,
      priority: task.priority,
      hex_color: hexColorOf(task.hexColor),
      percent_done: task.percentDone,
    });
    const now = nowIso();
    const row = await tasks.insert({
      ...fields,
      title: task.title.slice(0, 250),
      project_id: projectId,
      index,
      uid: randomUUID(),
      created_by_id: this.userId,
      done_at: fields.done ? (task.doneAt ?? now) : null,
    });
    const markedDone = await new TaskPlacement(trx).place(
      { id: row.id, index, project_id: projectId, done: fields.done },
      bucketId,
    );
    if (markedDone) await tasks.update(row.id, { done: true, done_at: now });
    await writeReminders(trx, row.id, task.reminders, fields);
    if (task.isFavorite) await new FavoritesRepo(trx).set(this.userId, 'task', row.id, true);

    const labelIds = new Set<number>();
    for (const label of task.labels) labelIds.add(await this.labelId(trx, label));
    if (labelIds.size > 0) await new LabelsRepo(trx).attach(row.id, [...labelIds]);

    const comments = new CommentsRepo(trx);
    for (const comment of task.comments) {
      const text = sanitizeDescription(comment);
      if (text.trim()) await comments.insert(row.id, this.userId, text);
    }

    const attachments = new AttachmentsRepo(trx);
    for (const attachment of task.attachments) {
      const bytes = await attachment.read();
      const stored = await attachments.insert(
        row.id,
        {
          name: attachment.name.slice(0, 250),
          mime: sniffMime(bytes.subarray(0, 64), attachment.mime || undefined),
          size: bytes.length,
        },
        this.userId,
      );
      this.storedFiles.push(stored.fileId);
      await this.store.put(stored.fileId, Readable.from([bytes]));
    }
    return row.id;
  }

  private async labelId(trx: Kysely<Database>, label: PlanLabel): Promise<number> {
    const title = label.title.slice(0, 250);
    const hexColor = hexColorOf(label.hexColor);
    const key = `${title}\u0000${hexColor}`;
    const known =
      this.labelIds.get(key) ?? (await new ImportRepo(trx).ownLabel(this.userId, title, hexColor));
    if (known !== undefined) {
      this.labelIds.set(key, known);
      return known;
    }
    const created = await new LabelsRepo(trx).insert({
      title,
      description: label.description,
      hex_color: hexColor,
      created_by_id: this.userId,
    });
    this.labelIds.set(key, created.id);
    this.createdLabels.push(created.id);
    return created.id;
  }
}

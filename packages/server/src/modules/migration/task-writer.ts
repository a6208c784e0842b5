/**
 * Writes one imported task inside the import's transaction by the rules a task created in the app
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
import { sanitizeRichText } from '../rich-text/sanitize.js';
import { readTaskFields } from '../tasks/input.js';
import { TaskPlacement } from '../tasks/placement.js';
import { TasksRepo } from '../tasks/repo.js';
import { ImportRepo } from './import-repo.js';
import type { PlanLabel, PlanTask } from './plan.js';
import { hexColorOf } from './task-values.js';

export class TaskWriter {
  readonly storedFiles: number[] = [];
  private readonly tasks: TasksRepo;
  private readonly placement: TaskPlacement;
  private readonly labels: LabelsRepo;
  private readonly labelIds = new Map<string, number>();

  constructor(
    private readonly trx: Kysely<Database>,
    private readonly userId: number,
    dialect: Dialect,
    private readonly store: FileStore,
  ) {
    this.tasks = new TasksRepo(trx, dialect);
    this.placement = new TaskPlacement(trx);
    this.labels = new LabelsRepo(trx);
  }

  /** Writes the task into `projectId` with `index`, in `bucketId` (0: by the usual rule). */
  async write(task: PlanTask, projectId: number, index: number, bucketId: number): Promise<number> {
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
    const row = await this.tasks.insert({
      ...fields,
      title: task.title.slice(0, 250),
      project_id: projectId,
      index,
      uid: randomUUID(),
      created_by_id: this.userId,
      done_at: fields.done ? (task.doneAt ?? now) : null,
    });
    const markedDone = await this.placement.place(
      { id: row.id, index, project_id: projectId, done: fields.done },
      bucketId,
    );
    if (markedDone) await this.tasks.update(row.id, { done: true, done_at: now });
    await writeReminders(this.trx, row.id, task.reminders, fields);
    if (task.isFavorite) await new FavoritesRepo(this.trx).set(this.userId, 'task', row.id, true);

    const labelIds = new Set<number>();
    for (const label of task.labels) labelIds.add(await this.labelId(label));
    await this.labels.attach(row.id, [...labelIds]);

    const comments = new CommentsRepo(this.trx);
    for (const comment of task.comments) {
      const text = sanitizeRichText(comment);
      if (text.trim()) await comments.insert(row.id, this.userId, text);
    }

    const attachments = new AttachmentsRepo(this.trx);
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

  private async labelId(label: PlanLabel): Promise<number> {
    const title = label.title.slice(0, 250);
    const hexColor = hexColorOf(label.hexColor);
    const key = `${title}\u0000${hexColor}`;
    const known =
      this.labelIds.get(key) ?? (await new ImportRepo(this.trx).ownLabel(this.userId, title, hexColor));
    if (known !== undefined) {
      this.labelIds.set(key, known);
      return known;
    }
    const created = await this.labels.insert({
      title,
      description: sanitizeRichText(label.description),
      hex_color: hexColor,
      created_by_id: this.userId,
    });
    this.labelIds.set(key, created.id);
    return created.id;
  }
}

/**
 * Writes one imported task inside the transaction of its batch (`trx`) by the rules a task created in the app
 * follows: fields read (and the description sanitised) as a create body is, a per-project index,
 * a place on top of every view and in a kanban bucket (the source's, or done/default), reminders
 * computed from its dates. Labels are the user's own: one of the same title and colour is reused,
 * else made. Comments are the importing user's, keeping their dates; one by someone else starts
 * with its author's name. A task keeps the date it was created. Attachment bytes go to the file store.
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { nowIso } from '@ordo/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { sniffMime } from '../attachments/files/sniff.js';
import type { FileStore } from '../attachments/files/store.js';
import { AttachmentsRepo } from '../attachments/repo.js';
import { FavoritesRepo } from '../favorites/repo.js';
import { LabelsRepo } from '../labels/repo.js';
import { writeReminders } from '../reminders/service.js';
import { sanitizeRichText } from '../rich-text/sanitize.js';
import { readTaskFields } from '../tasks/input.js';
import { fallbackBucket } from '../tasks/placement.js';
import { UsersRepo } from '../users/repo.js';
import { ViewsRepo } from '../views/repo.js';
import { withAuthorHeading } from './comment-heading.js';
import { ImportRepo } from './import-repo.js';
import type { PlanAuthor, PlanComment, PlanLabel, PlanTask } from './plan.js';
import { hexColorOf } from './task-values.js';

/** A task of a slice: where it goes in its project. */
export interface SliceTask {
  task: PlanTask;
  index: number;
  /** Its place in every view of the (new) project, in the order shown. */
  position: number;
  /** The kanban bucket asked for (0: by the usual rule). */
  bucketId: number;
}

export class TaskWriter {
  /** File ids whose bytes went to the store, in order. */
  readonly storedFiles: number[] = [];
  /** Labels this import made (not those it reused), for a rollback. */
  readonly createdLabels: number[] = [];
  private readonly labelIds = new Map<string, number>();
  /** The importing user's username, lower case, once a comment's author is compared with it. */
  private username: string | undefined;

  /**
   * `vocabulary` (PostgreSQL): where a slice's words go into the search vocabulary in a statement
   * of their own, committed before the batch's transaction writes the tasks. Written by the tasks'
   * trigger inside the batch instead, a word new to the vocabulary would hold its row until the
   * batch commits, and anyone saving a task with that word meanwhile would wait for it.
   */
  constructor(
    private readonly userId: number,
    private readonly vocabulary: Kysely<Database> | null,
    private readonly store: FileStore,
  ) {}

  /**
   * Writes a slice of one project's tasks, set-based: one insert for the tasks, one for their
   * places in the views, one for their kanban buckets; the rarer parts (reminders, labels,
   * comments, attachments) per task that has them. The project is new, so the tasks are placed
   * by `position` (the order shown) rather than each on top of the last.
   */
  async writeSlice(trx: Kysely<Database>, projectId: number, slice: readonly SliceTask[]): Promise<number[]> {
    if (slice.length === 0) return [];
    const rows = new ImportRepo(trx);
    const now = nowIso();
    const prepared = slice.map((item) => {
      const task = item.task;
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
      return {
        item,
        fields,
        row: {
          ...fields,
          title: task.title.slice(0, 250),
          project_id: projectId,
          index: item.index,
          uid: randomUUID(),
          created_by_id: this.userId,
          done_at: fields.done ? (task.doneAt ?? now) : null,
          created: task.created ?? now,
          updated: now,
        },
      };
    });
    if (this.vocabulary) {
      await new ImportRepo(this.vocabulary).addSearchTerms(
        prepared.map((p) => `${p.row.title} ${p.row.description}`),
      );
    }
    const idOfUid = await rows.insertTasks(prepared.map((p) => p.row));
    const ids = prepared.map((p) => idOfUid.get(p.row.uid) as number);

    const views = new ViewsRepo(trx);
    const projectViews = await views.listForProjects([projectId]);
    await rows.insertPositions(
      projectViews.flatMap((view) =>
        slice.map((item, k) => ({ task_id: ids[k], project_view_id: view.id, position: item.position })),
      ),
    );
    const kanban = projectViews.filter(
      (v) => v.view_kind === 'kanban' && v.bucket_configuration_mode === 'manual',
    );
    const buckets = await views.bucketsOf(kanban.map((v) => v.id));
    const markedDone: number[] = [];
    const placed: { task_id: number; project_view_id: number; bucket_id: number }[] = [];
    prepared.forEach(({ item, fields }, k) => {
      const requested = item.bucketId ? buckets.find((b) => b.id === item.bucketId) : undefined;
      const requestedView = requested ? kanban.find((v) => v.id === requested.project_view_id) : undefined;
      const toDoneBucket = !!requestedView && requestedView.done_bucket_id === requested?.id;
      if (toDoneBucket && !fields.done) markedDone.push(ids[k]);
      for (const view of kanban) {
        const target =
          requested && requested.project_view_id === view.id
            ? requested
            : fallbackBucket(view, buckets, fields.done || toDoneBucket);
        if (target) placed.push({ task_id: ids[k], project_view_id: view.id, bucket_id: target.id });
      }
    });
    await rows.insertTaskBuckets(placed);
    await rows.markDone(markedDone, now);

    for (const [k, { item, fields }] of prepared.entries()) {
      await this.writeParts(trx, ids[k], item.task, fields);
    }
    await this.writeComments(
      trx,
      slice.map((item, k) => ({ taskId: ids[k], comments: item.task.comments })),
      now,
    );
    return ids;
  }

  /**
   * The slice's comments in one statement, each keeping the date it was written. One someone else
   * wrote starts with their name and the day (withAuthorHeading); an author with the importing
   * user's username is taken as the importing user, who moves their own comments along.
   */
  private async writeComments(
    trx: Kysely<Database>,
    tasks: { taskId: number; comments: readonly PlanComment[] }[],
    now: string,
  ): Promise<void> {
    const rows: { task_id: number; author_id: number; comment: string; created: string; updated: string }[] =
      [];
    for (const { taskId, comments } of tasks) {
      for (const comment of comments) {
        const own = comment.author === null || (await this.isImportingUser(trx, comment.author));
        const day = comment.created?.slice(0, 10) ?? '';
        const author = comment.author && (comment.author.name.trim() || comment.author.username);
        const html = own || !author ? comment.text : withAuthorHeading(author, day, comment.text);
        const text = sanitizeRichText(html);
        const created = comment.created ?? now;
        if (text.trim())
          rows.push({ task_id: taskId, author_id: this.userId, comment: text, created, updated: created });
      }
    }
    await new ImportRepo(trx).insertComments(rows);
  }

  private async isImportingUser(trx: Kysely<Database>, author: PlanAuthor): Promise<boolean> {
    this.username ??= ((await new UsersRepo(trx).findById(this.userId))?.username ?? '').toLowerCase();
    return author.username.trim().toLowerCase() === this.username;
  }

  /** What only some tasks have: reminders, the favourite mark, labels, attachments. */
  private async writeParts(
    trx: Kysely<Database>,
    taskId: number,
    task: PlanTask,
    fields: ReturnType<typeof readTaskFields>,
  ): Promise<void> {
    if (task.reminders.length > 0) await writeReminders(trx, taskId, task.reminders, fields);
    if (task.isFavorite) await new FavoritesRepo(trx).set(this.userId, 'task', taskId, true);

    const labelIds = new Set<number>();
    for (const label of task.labels) labelIds.add(await this.labelId(trx, label));
    if (labelIds.size > 0) await new LabelsRepo(trx).attach(taskId, [...labelIds]);

    const attachments = new AttachmentsRepo(trx);
    for (const attachment of task.attachments) {
      const bytes = await attachment.read();
      const stored = await attachments.insert(
        taskId,
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
  }

  /** The user's label of this title and colour: one made before (or by this import), else a new one. */
  async labelId(trx: Kysely<Database>, label: PlanLabel): Promise<number> {
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
      description: sanitizeRichText(label.description),
      hex_color: hexColor,
      created_by_id: this.userId,
    });
    this.labelIds.set(key, created.id);
    this.createdLabels.push(created.id);
    return created.id;
  }
}

/**
 * Copying attachments from one task to another with their own copy of the bytes, for the task and
 * the project duplicate. The rows go in the caller's transaction; the bytes cannot, so every file
 * written is recorded, over retries of the transaction too, for `discard` to remove when the rows
 * do not commit.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { FileStore } from './files/store.js';
import { type AttachmentRow, AttachmentsRepo } from './repo.js';

/** Source tasks per attachment query, well under SQLite's bound-parameter limit. */
const TASKS_PER_QUERY = 500;

export class AttachmentCopier {
  /** File ids written so far; removed by `discard` when the rows do not commit. */
  readonly written: number[] = [];

  constructor(private readonly files: FileStore) {}

  /**
   * Copies every attachment of each source task to its copy (`taskMap`: source → copy). Answers
   * the source attachment id → copied attachment id map, to carry cover images over.
   */
  async copy(trx: Kysely<Database>, taskMap: ReadonlyMap<number, number>): Promise<Map<number, number>> {
    const repo = new AttachmentsRepo(trx);
    const copied = new Map<number, number>();
    const sources = [...taskMap.keys()];
    for (let i = 0; i < sources.length; i += TASKS_PER_QUERY) {
      for (const att of await repo.ofTasks(sources.slice(i, i + TASKS_PER_QUERY)))
        await this.#copyOne(repo, att, taskMap, copied);
    }
    return copied;
  }

  async #copyOne(
    repo: AttachmentsRepo,
    att: AttachmentRow,
    taskMap: ReadonlyMap<number, number>,
    copied: Map<number, number>,
  ): Promise<void> {
    const to = taskMap.get(att.task_id);
    if (to === undefined) return;
    const copy = await repo.insert(
      to,
      { name: att.file_name, mime: att.file_mime, size: Number(att.file_size) },
      att.created_by_id,
    );
    this.written.push(copy.fileId);
    await this.files.put(copy.fileId, await this.files.open(att.file_id));
    copied.set(att.id, copy.id);
  }

  /** Removes the bytes written, after the transaction rolled back. */
  async discard(): Promise<void> {
    for (const id of this.written) await this.files.remove(id).catch(() => {});
  }
}

/**
 * Unread marks on tasks (reference §2.6 `POST /tasks/:id/read`, `expand=is_unread`): a comment
 * marks its task unread for everyone else who can read it, in the comment's transaction; reading
 * the task clears the reader's own mark. Link shares are no users and keep no marks.
 */
import { isLinkShareId } from '@ordo/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { fail } from '../../http/api-error.js';
import type { RightsService } from '../rights/service.js';
import type { ReadersOf, UnreadRepo } from './repo.js';

/** What `POST /tasks/:id/read` answers: Vikunja's struct, keys capitalised, the user left at 0. */
export interface TaskReadAnswer {
  TaskID: number;
  UserID: 0;
}

export class UnreadService {
  private readonly readersOf: ReadersOf;

  constructor(
    private readonly repo: UnreadRepo,
    rights: RightsService,
  ) {
    this.readersOf = (projectIds) => rights.readersOf(projectIds);
  }

  /**
   * Any signed-in user gets the same answer, as in Vikunja, whether the task exists or is theirs:
   * it only ever clears the caller's own mark, so it changes and tells nothing about anyone else's.
   */
  async markRead(principalId: number, taskId: number): Promise<TaskReadAnswer> {
    if (isLinkShareId(principalId)) throw fail('forbidden');
    await this.repo.markRead(principalId, taskId);
    return { TaskID: taskId, UserID: 0 };
  }

  /** Inside the transaction that adds a comment by `authorId` to the task. */
  commented(trx: Kysely<Database>, taskId: number, authorId: number): Promise<void> {
    return this.repo.with(trx).markUnread(taskId, authorId, this.readersOf);
  }
}

/**
 * Unread marks on tasks (reference §2.6 `POST /tasks/:id/read`, `expand=is_unread`): a comment
 * marks its task unread for everyone else who can read it, in the comment's transaction; reading
 * the task clears the reader's own mark. Link shares are no users and keep no marks.
 */
import { isLinkShareId, Right } from '@ordo/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { fail } from '../../http/api-error.js';
import type { RightsService } from '../rights/service.js';
import type { TasksService } from '../tasks/service.js';
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
    private readonly tasks: TasksService,
  ) {
    this.readersOf = (projectIds) => rights.readersOf(projectIds);
  }

  async markRead(principalId: number, taskId: number): Promise<TaskReadAnswer> {
    if (isLinkShareId(principalId)) throw fail('forbidden');
    await this.tasks.demand(principalId, taskId, Right.read);
    await this.repo.markRead(principalId, taskId);
    return { TaskID: taskId, UserID: 0 };
  }

  /** Inside the transaction that adds a comment by `authorId` to the task. */
  commented(trx: Kysely<Database>, taskId: number, authorId: number): Promise<void> {
    return this.repo.with(trx).markUnread(taskId, authorId, this.readersOf);
  }
}

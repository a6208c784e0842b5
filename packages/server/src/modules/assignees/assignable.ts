/** Who may be assigned to a task: an existing user (1005) who can read its project (7003). */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { fail } from '../../http/api-error.js';
import type { RightsService } from '../rights/service.js';
import { PeopleRepo } from '../users/people-repo.js';

export async function demandAssignable(
  db: Kysely<Database>,
  rights: RightsService,
  projectId: number,
  userIds: readonly number[],
): Promise<void> {
  const wanted = [...new Set(userIds)];
  if (wanted.length === 0) return;
  const found = await new PeopleRepo(db).existingUserIds(wanted);
  if (found.length !== wanted.length) throw fail('userDoesNotExist');
  // One rights check per assignee: a task has a handful, and each is a different principal.
  for (const id of wanted) {
    if ((await rights.projectRight(id, projectId)) === null) throw fail('userDoesNotHaveAccess');
  }
}

/**
 * The people embedded in comments and attachments: users as public users, and link shares (the
 * negative ids a link share writes with) as their pseudo-user. One query per kind for a page.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { linkSharePerson } from '../sharing/serialize.js';
import { PeopleRepo } from '../users/people-repo.js';
import { type PublicUser, publicUser } from '../users/serialize.js';

export async function loadPeople(
  db: Kysely<Database>,
  ids: readonly number[],
): Promise<Map<number, PublicUser>> {
  const unique = [...new Set(ids)];
  const userIds = unique.filter((id) => id > 0);
  const shareIds = unique.filter((id) => id < 0).map((id) => -id);
  const repo = new PeopleRepo(db);
  const [users, shares] = await Promise.all([repo.users(userIds), repo.linkShares(shareIds)]);
  const people = new Map<number, PublicUser>(users.map((u) => [u.id, publicUser(u)]));
  for (const share of shares) people.set(-share.id, linkSharePerson(share));
  return people;
}

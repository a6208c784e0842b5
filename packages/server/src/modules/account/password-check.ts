/**
 * What a signed-in user proves before acting on their whole account (spec 1 §5: the current
 * password is required to delete the account or export data). Users who sign in elsewhere (an
 * OpenID provider, a directory) have no password here; for them the signed-in session is enough.
 */
import type { UserRow } from '../../db/schema.js';
import { fail } from '../../http/api-error.js';
import { verifyPassword } from '../auth/passwords.js';

export async function demandAccountPassword(user: UserRow, password: string | undefined): Promise<void> {
  if (user.issuer !== 'local') return;
  if (!password || !(await verifyPassword(password, user.password_hash))) {
    throw fail('wrongUsernameOrPassword');
  }
}

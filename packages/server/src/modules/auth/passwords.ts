/** bcrypt hashes, the same format Vikunja stores, so imported accounts keep their passwords. */
import bcrypt from 'bcryptjs';

const COST = 10;

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, COST);
}

export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  if (!hash) return false;
  return bcrypt.compare(password, hash);
}

/** `ordo migrate`: brings the database schema up to date, as the server does when it starts. */
import type { Db } from '../db/database.js';
import { migrateToLatest } from '../db/migrate.js';
import type { CommandIo } from './console-io.js';

export async function migrateCommand(db: Db, io: CommandIo): Promise<string[]> {
  const applied = await migrateToLatest(db);
  if (applied.length === 0) io.print('The database is up to date.');
  for (const name of applied) io.print(`Applied ${name}`);
  return applied;
}

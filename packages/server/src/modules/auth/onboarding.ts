import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** What every new account gets (its Inbox project), written in the same transaction as the user. */
export interface NewUserOnboarding {
  db: Kysely<Database>;
  welcome(trx: Kysely<Database>, userId: number): Promise<unknown>;
}

/** SQL for two-factor secrets (the `totp` table, one row per enrolled user). */
import { nowIso } from '@ordo/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

export class TotpRepo {
  constructor(private readonly db: Kysely<Database>) {}

  find(userId: number) {
    return this.db.selectFrom('totp').selectAll().where('user_id', '=', userId).executeTakeFirst();
  }

  /** A new, not yet confirmed secret in place of any earlier one. */
  async replaceSecret(userId: number, secret: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('totp').where('user_id', '=', userId).execute();
      await trx.insertInto('totp').values({ user_id: userId, secret, created: nowIso() }).execute();
    });
  }

  /** Two-factor login on, the confirming passcode's step used up. */
  async enable(userId: number, step: number): Promise<void> {
    await this.db
      .updateTable('totp')
      .set({ enabled: true, last_used_step: step, failed_attempts: 0 })
      .where('user_id', '=', userId)
      .execute();
  }

  /** False when the user had no secret. */
  async delete(userId: number): Promise<boolean> {
    const deleted = await this.db.deleteFrom('totp').where('user_id', '=', userId).executeTakeFirst();
    return Number(deleted.numDeletedRows) > 0;
  }

  /** A passcode's step is used: older or equal ones are refused from now on. */
  async useStep(userId: number, step: number): Promise<void> {
    await this.db.updateTable('totp').set({ last_used_step: step }).where('user_id', '=', userId).execute();
  }
}

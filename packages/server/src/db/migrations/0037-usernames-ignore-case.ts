/**
 * Usernames are unique regardless of case, as e-mail addresses already are: `Case1048` and
 * `case1048` are one name. Accounts made before this whose names differ only in case keep
 * working: the oldest keeps its name, each later one gets `-<its id>` appended (its owner still
 * logs in with the e-mail address, and sees the new name in the settings). Then a unique index
 * on lower(username) keeps it so, on both databases, and serves the case-insensitive lookups.
 */
import { type Kysely, sql } from 'kysely';

const MAX_LENGTH = 250;

export function usernamesIgnoreCase() {
  return {
    async up(db: Kysely<unknown>) {
      const clashes = await sql<{ id: number; username: string }>`
        SELECT u.id, u.username FROM users u
        WHERE EXISTS (SELECT 1 FROM users o WHERE lower(o.username) = lower(u.username) AND o.id < u.id)
        ORDER BY u.id`.execute(db);
      for (const { id, username } of clashes.rows) {
        let renamed = '';
        for (let attempt = 0; ; attempt++) {
          const suffix = attempt === 0 ? `-${id}` : `-${id}-${attempt}`;
          renamed = [...username].slice(0, MAX_LENGTH - suffix.length).join('') + suffix;
          const taken = await sql`SELECT 1 FROM users WHERE lower(username) = lower(${renamed})`.execute(db);
          if (taken.rows.length === 0) break;
        }
        await sql`UPDATE users SET username = ${renamed} WHERE id = ${id}`.execute(db);
      }
      await db.schema
        .createIndex('users_username_lower_unique')
        .on('users')
        .expression(sql`lower(username)`)
        .unique()
        .execute();
    },
  };
}

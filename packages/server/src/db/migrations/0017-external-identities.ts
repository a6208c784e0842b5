/**
 * Users who sign in through an OpenID Connect provider or a directory (LDAP) are known by their
 * issuer (the provider key, or 'ldap') and the subject that issuer gives them (the `sub` claim, or
 * the directory entry's DN). Local users keep subject ''. One account per (issuer, subject).
 */
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../database.js';

export function externalIdentities(_dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('users')
        .addColumn('subject', 'varchar(500)', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .createIndex('users_issuer_subject_unique')
        .on('users')
        .columns(['issuer', 'subject'])
        .unique()
        .where(sql.ref('subject'), '<>', '')
        .execute();
    },
  };
}

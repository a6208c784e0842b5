/**
 * Custom fields (modules/custom-fields) a project shows on its list rows and kanban cards: a flag
 * per field, off for the fields defined before, so no card changes until someone turns it on.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { boolDefault } from './helpers.js';

export function fieldShowOnCards(_dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .alterTable('project_fields')
        .addColumn('show_on_cards', 'boolean', boolDefault(false))
        .execute();
    },
  };
}

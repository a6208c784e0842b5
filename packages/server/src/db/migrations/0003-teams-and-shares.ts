/**
 * Teams with their members, project shares to users and to teams, and link shares. Every row
 * cascades from its project, team or user, so deleting any of them removes the grants it carried.
 */
import type { Kysely } from 'kysely';
import type { Dialect } from '../database.js';
import { boolDefault, withId } from './helpers.js';

const date = 'varchar(30)';

export function teamsAndShares(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>) {
      await withId(db.schema.createTable('teams'), dialect)
        .addColumn('name', 'varchar(250)', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
        // Reserved for teams synced from a directory or OpenID provider: (external_id, issuer).
        .addColumn('external_id', 'varchar(250)', (c) => c.notNull().defaultTo(''))
        .addColumn('issuer', 'varchar(250)', (c) => c.notNull().defaultTo(''))
        .addColumn('is_public', 'boolean', boolDefault(false))
        .addColumn('created_by_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created', date, (c) => c.notNull())
        .addColumn('updated', date, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('teams_external').on('teams').columns(['issuer', 'external_id']).execute();

      await withId(db.schema.createTable('team_members'), dialect)
        .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('admin', 'boolean', boolDefault(false))
        .addColumn('created', date, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('team_members_unique')
        .on('team_members')
        .columns(['team_id', 'user_id'])
        .unique()
        .execute();
      await db.schema.createIndex('team_members_user_id').on('team_members').column('user_id').execute();

      await withId(db.schema.createTable('project_users'), dialect)
        .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('right', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created', date, (c) => c.notNull())
        .addColumn('updated', date, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('project_users_unique')
        .on('project_users')
        .columns(['project_id', 'user_id'])
        .unique()
        .execute();
      await db.schema.createIndex('project_users_user_id').on('project_users').column('user_id').execute();

      await withId(db.schema.createTable('project_teams'), dialect)
        .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
        .addColumn('team_id', 'integer', (c) => c.notNull().references('teams.id').onDelete('cascade'))
        .addColumn('right', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created', date, (c) => c.notNull())
        .addColumn('updated', date, (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('project_teams_unique')
        .on('project_teams')
        .columns(['project_id', 'team_id'])
        .unique()
        .execute();
      await db.schema.createIndex('project_teams_team_id').on('project_teams').column('team_id').execute();

      await withId(db.schema.createTable('link_shares'), dialect)
        .addColumn('hash', 'varchar(40)', (c) => c.notNull().unique())
        .addColumn('name', 'varchar(250)', (c) => c.notNull().defaultTo(''))
        .addColumn('project_id', 'integer', (c) => c.notNull().references('projects.id').onDelete('cascade'))
        .addColumn('right', 'integer', (c) => c.notNull().defaultTo(0))
        // 1 without password, 2 with password
        .addColumn('sharing_type', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('password_hash', 'varchar(100)', (c) => c.notNull().defaultTo(''))
        .addColumn('shared_by_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created', date, (c) => c.notNull())
        .addColumn('updated', date, (c) => c.notNull())
        .execute();
      await db.schema.createIndex('link_shares_project_id').on('link_shares').column('project_id').execute();
    },
  };
}

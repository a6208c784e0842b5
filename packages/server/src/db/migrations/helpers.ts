/** Column helpers so one migration file creates the same table on SQLite and PostgreSQL. */
import type { ColumnDefinitionBuilder, CreateTableBuilder } from 'kysely';
import type { Dialect } from '../database.js';

/** An auto-incrementing integer primary key. */
export function withId<T extends string>(table: CreateTableBuilder<T, never>, dialect: Dialect) {
  return dialect === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** A boolean column with a default. */
export function boolDefault(value: boolean) {
  return (c: ColumnDefinitionBuilder) => c.notNull().defaultTo(value);
}

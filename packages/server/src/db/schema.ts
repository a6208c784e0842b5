/**
 * Table types for Kysely. Dates are stored as ISO-8601 UTC text (`2024-01-31T09:00:00Z`) on both
 * databases: fixed-width text sorts chronologically, compares with bound parameters the same way
 * on SQLite and PostgreSQL, and round-trips without time-zone surprises. Booleans are real
 * booleans on PostgreSQL and 0/1 on SQLite (see sqlite-boolean-plugin.ts); read them with `!!`.
 */
import type { Generated, Insertable, Selectable, Updateable } from 'kysely';

export type Bool = boolean | number;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  email: string;
  name: string;
  password_hash: string;
  /** 0 active, 1 e-mail confirmation required, 2 disabled, 3 locked */
  status: Generated<number>;
  /** 'local', 'ldap' or an OpenID provider key */
  issuer: Generated<string>;
  email_reminders_enabled: Generated<Bool>;
  discoverable_by_name: Generated<Bool>;
  discoverable_by_email: Generated<Bool>;
  overdue_tasks_reminders_enabled: Generated<Bool>;
  overdue_tasks_reminders_time: Generated<string>;
  default_project_id: number | null;
  week_start: Generated<number>;
  language: Generated<string>;
  timezone: Generated<string>;
  /** JSON text */
  frontend_settings: string | null;
  created: string;
  updated: string;
}

export interface SessionsTable {
  id: string;
  user_id: number;
  long_lived: Bool;
  device_info: string;
  ip_address: string;
  created: string;
  last_active: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUserRow = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;

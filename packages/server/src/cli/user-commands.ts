/**
 * `ordo user create|list|reset-password`: the same services the API uses, so usernames,
 * e-mails and passwords follow the same rules and hashes, and a reset ends every session.
 */
import { randomBytes } from 'node:crypto';
import { ApiError } from '../http/api-error.js';
import type { AuthService } from '../modules/auth/service.js';
import type { UsersService } from '../modules/users/service.js';
import type { CommandIo } from './console-io.js';

/** What the account commands use, given by the composition root (context.ts). */
export interface UserCommandDeps {
  users: UsersService;
  auth: AuthService;
}

export interface CreateUserOptions {
  username: string;
  email: string;
  password?: string;
}

/** 18 random bytes: 24 URL-safe characters, well inside bcrypt's 72-byte limit. */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}

/** The password given, else one typed at the terminal, else a generated one that is printed. */
async function choosePassword(
  given: string | undefined,
  io: CommandIo,
): Promise<{ password: string; generated: boolean }> {
  if (given !== undefined) return { password: given, generated: false };
  if (io.askSecret) {
    const typed = await io.askSecret('Password (leave empty to generate one): ');
    if (typed) {
      const again = await io.askSecret('Repeat the password: ');
      if (again !== typed) throw new CommandError('The passwords do not match.');
      return { password: typed, generated: false };
    }
  }
  return { password: generatePassword(), generated: true };
}

/** A failure the CLI reports as one line and exit code 1. */
export class CommandError extends Error {}

/** Turns the API's catalogue errors into readable lines for an administrator. */
export function describeApiError(error: ApiError): string {
  const body = error.toBody();
  const fields = Array.isArray(body.invalid_fields)
    ? `: ${(body.invalid_fields as string[]).join('; ')}`
    : '';
  return `${error.message}${fields}`;
}

async function withApiErrors<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ApiError) throw new CommandError(describeApiError(error));
    throw error;
  }
}

export async function createUser(ctx: UserCommandDeps, options: CreateUserOptions, io: CommandIo) {
  const { password, generated } = await choosePassword(options.password, io);
  const user = await withApiErrors(() =>
    ctx.auth.register({ username: options.username, email: options.email, password }),
  );
  io.print(`Created user ${user.username} (id ${user.id}, ${user.email}).`);
  if (generated) io.print(`Password: ${password}`);
  return { user, password };
}

const STATUS_NAMES = ['active', 'e-mail unconfirmed', 'disabled', 'locked'];

export async function listUsers(ctx: UserCommandDeps, io: CommandIo) {
  const rows = await ctx.users.list();
  const table = [
    ['ID', 'USERNAME', 'EMAIL', 'STATUS', 'CREATED'],
    ...rows.map((r) => [
      String(r.id),
      r.username,
      r.email,
      STATUS_NAMES[r.status] ?? String(r.status),
      r.created,
    ]),
  ];
  const widths = table[0]?.map((_, col) => Math.max(...table.map((row) => (row[col] ?? '').length))) ?? [];
  for (const row of table)
    io.print(
      row
        .map((cell, col) => cell.padEnd(widths[col] ?? 0))
        .join('  ')
        .trimEnd(),
    );
  io.print(`${rows.length} user${rows.length === 1 ? '' : 's'}`);
  return rows;
}

export async function resetPassword(
  ctx: UserCommandDeps,
  options: { username: string; password?: string },
  io: CommandIo,
) {
  const { password, generated } = await choosePassword(options.password, io);
  const row = await withApiErrors(() => ctx.users.resetPassword(options.username, password));
  io.print(`The password of ${row.username} was reset; every session of the account has ended.`);
  if (generated) io.print(`Password: ${password}`);
  return { password };
}

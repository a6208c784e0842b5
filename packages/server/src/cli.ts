#!/usr/bin/env node
/**
 * The admin CLI, run as `npm run ordo -- <command>`. It reads the same configuration as the
 * server (DATABASE_URL, ORDO_DATA_DIR, …) and goes through the same services.
 */
import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import {
  optionalOption,
  type ParsedArguments,
  parseArguments,
  requiredOption,
  UsageError,
} from './cli/arguments.js';
import { type CommandIo, consoleIo } from './cli/console-io.js';
import { dumpDatabase } from './cli/dump.js';
import { migrateCommand } from './cli/migrate-command.js';
import { restoreDatabase } from './cli/restore.js';
import { CommandError, createUser, listUsers, resetPassword } from './cli/user-commands.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { createContext } from './context.js';
import { type Db, openDatabase } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { createFileStore } from './modules/attachments/files/store.js';

export const USAGE = `Usage: npm run ordo -- <command>

  user create --username U --email E [--password P]   create an account (asks for or generates a password)
  user list                                            list every account
  user reset-password --username U [--password P]      set a new password and end every session
  migrate                                              bring the database schema up to date
  dump --file F                                        write every table and stored file to a JSON file
  restore --file F                                     load a dump into an empty database

The database is the one the server uses: DATABASE_URL, else $ORDO_DATA_DIR/ordo.db.`;

/** Runs one command against an open database; failures throw UsageError or CommandError. */
export async function runCommand(
  args: ParsedArguments,
  config: Config,
  db: Db,
  io: CommandIo,
): Promise<void> {
  const [group, action] = args.words;
  switch (group) {
    case 'migrate':
      await migrateCommand(db, io);
      return;
    case 'dump':
      await dumpDatabase(db, requiredOption(args, 'file'), io, createFileStore(config));
      return;
    case 'restore':
      await restoreDatabase(db, requiredOption(args, 'file'), io, createFileStore(config));
      return;
    case 'user': {
      // Account commands need the current schema, as the server does (restore migrates itself).
      await migrateToLatest(db);
      const ctx = createContext(config, db);
      if (action === 'create') {
        await createUser(
          ctx,
          {
            username: requiredOption(args, 'username'),
            email: requiredOption(args, 'email'),
            password: optionalOption(args, 'password'),
          },
          io,
        );
      } else if (action === 'list') {
        await listUsers(ctx, io);
      } else if (action === 'reset-password') {
        await resetPassword(
          ctx,
          { username: requiredOption(args, 'username'), password: optionalOption(args, 'password') },
          io,
        );
      } else {
        throw new UsageError(`Unknown user command "${action ?? ''}".`);
      }
      return;
    }
    default:
      throw new UsageError(group ? `Unknown command "${group}".` : 'No command given.');
  }
}

export async function main(argv: readonly string[], io: CommandIo = consoleIo()): Promise<number> {
  const args = parseArguments(argv);
  if (args.words.length === 0 || args.options.help || args.words[0] === 'help') {
    io.print(USAGE);
    return args.words.length === 0 && !args.options.help ? 2 : 0;
  }
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      return 2;
    }
    throw error;
  }
  const db = openDatabase(config.database);
  try {
    await runCommand(args, config, db, io);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    if (error instanceof CommandError) {
      console.error(error.message);
      return 1;
    }
    console.error(error);
    return 1;
  } finally {
    await db.close();
  }
}

// Run only when started as a program, not when a test imports the module.
if (process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href) {
  main(process.argv.slice(2)).then((code) => process.exit(code));
}

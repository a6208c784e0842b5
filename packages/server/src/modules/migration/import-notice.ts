/**
 * Telling the user how an import that ran in the background ended: a notification in the app
 * (`migration.done` with the counts, `migration.failed` with the reason) and, when mail is set up
 * and the user has an address, a mail saying the same.
 *
 * The notification is written in the transaction that marks the job ended, so whoever sees the
 * job ended finds it too. The mail goes after the commit and is best effort: a mail server that
 * is down does not turn a finished import into a failed one.
 */
import type { Kysely } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { Mailer } from '../mail/mailer.js';
import { NotificationsRepo } from '../notifications/repo.js';
import { UsersRepo } from '../users/repo.js';
import type { ImportCounts } from './limits.js';

export interface ImportMailDeps {
  db: Db;
  mailer: Mailer;
  log: { error(message: string): void };
}

export interface ImportNotice {
  name: 'migration.done' | 'migration.failed';
  payload: Record<string, unknown>;
  subject: string;
  text: string;
}

interface Run {
  id: number;
  user_id: number;
  migrator_name: string;
}

/** The importers' names as users know the apps. */
const APP_NAMES: Record<string, string> = {
  'vikunja-file': 'Vikunja',
  ticktick: 'TickTick',
  'todoist-csv': 'Todoist',
  'trello-json': 'Trello',
};

function appName(migrator: string): string {
  return APP_NAMES[migrator] ?? migrator;
}

export function importDoneNotice(run: Run, counts: ImportCounts): ImportNotice {
  const app = appName(run.migrator_name);
  return {
    name: 'migration.done',
    payload: { migrator_name: run.migrator_name, ...counts },
    subject: `Your import from ${app} into Ordo is done`,
    text: [
      `Your import from ${app} is done. It brought in:`,
      '',
      `${counts.projects} projects, ${counts.tasks} tasks, ${counts.labels} labels,`,
      `${counts.comments} comments and ${counts.attachments} attachments.`,
    ].join('\n'),
  };
}

export function importFailedNotice(run: Run, reason: string): ImportNotice {
  const app = appName(run.migrator_name);
  return {
    name: 'migration.failed',
    payload: { migrator_name: run.migrator_name, message: reason },
    subject: `Your import from ${app} into Ordo failed`,
    text: [
      `Your import from ${app} did not finish: ${reason}`,
      '',
      'Nothing of it was kept; your projects are as they were before. You can try again.',
    ].join('\n'),
  };
}

/** Writes the in-app notification, inside the transaction that ends the job. */
export async function insertNotice(trx: Kysely<Database>, run: Run, notice: ImportNotice): Promise<void> {
  await new NotificationsRepo(trx).insertMany([
    { userId: run.user_id, projectId: null, name: notice.name, payload: notice.payload },
  ]);
}

/** Mails the notice when mail is set up and the user has an address; never throws. */
export async function mailNotice(deps: ImportMailDeps, run: Run, notice: ImportNotice): Promise<void> {
  try {
    if (!deps.mailer.enabled) return;
    const user = await new UsersRepo(deps.db.kysely).findById(run.user_id);
    if (!user?.email) return;
    await deps.mailer.send({ to: user.email, subject: notice.subject, text: notice.text });
  } catch (error) {
    deps.log.error(`mailing about import ${run.id} failed: ${(error as Error).message}`);
  }
}

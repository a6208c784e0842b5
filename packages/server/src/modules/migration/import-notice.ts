/**
 * Telling the user how an import that ran in the background ended: a notification in the app
 * (`migration.done` with the counts, `migration.failed` with the reason) and, when mail is set up
 * and the user has an address, a mail saying the same. Telling is best effort: a mail server that
 * is down does not turn a finished import into a failed one.
 */
import type { Db } from '../../db/database.js';
import type { Mailer } from '../mail/mailer.js';
import type { NotificationsRepo } from '../notifications/repo.js';
import { UsersRepo } from '../users/repo.js';
import type { ImportCounts } from './limits.js';

export interface ImportNoticeDeps {
  db: Db;
  notifications: NotificationsRepo;
  mailer: Mailer;
  log: { error(message: string): void };
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

async function tell(
  deps: ImportNoticeDeps,
  run: { id: number; user_id: number },
  notification: { name: string; payload: Record<string, unknown> },
  mail: { subject: string; text: string },
): Promise<void> {
  try {
    await deps.notifications.insertMany([{ userId: run.user_id, projectId: null, ...notification }]);
    if (!deps.mailer.enabled) return;
    const user = await new UsersRepo(deps.db.kysely).findById(run.user_id);
    if (!user?.email) return;
    await deps.mailer.send({ to: user.email, ...mail });
  } catch (error) {
    deps.log.error(`telling about import ${run.id} failed: ${(error as Error).message}`);
  }
}

export function announceImportDone(
  deps: ImportNoticeDeps,
  run: { id: number; user_id: number; migrator_name: string },
  counts: ImportCounts,
): Promise<void> {
  const app = appName(run.migrator_name);
  return tell(
    deps,
    run,
    { name: 'migration.done', payload: { migrator_name: run.migrator_name, ...counts } },
    {
      subject: `Your import from ${app} into Ordo is done`,
      text: [
        `Your import from ${app} is done. It brought in:`,
        '',
        `${counts.projects} projects, ${counts.tasks} tasks, ${counts.labels} labels,`,
        `${counts.comments} comments and ${counts.attachments} attachments.`,
      ].join('\n'),
    },
  );
}

export function announceImportFailed(
  deps: ImportNoticeDeps,
  run: { id: number; user_id: number; migrator_name: string },
  reason: string,
): Promise<void> {
  const app = appName(run.migrator_name);
  return tell(
    deps,
    run,
    { name: 'migration.failed', payload: { migrator_name: run.migrator_name, message: reason } },
    {
      subject: `Your import from ${app} into Ordo failed`,
      text: [
        `Your import from ${app} did not finish: ${reason}`,
        '',
        'Nothing of it was kept; your projects are as they were before. You can try again.',
      ].join('\n'),
    },
  );
}

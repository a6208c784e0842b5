/** The services of one's own account: e-mail change, account deletion and data export. */
import type { Config } from '../../config.js';
import type { Db } from '../../db/database.js';
import type { AccountMailService } from '../auth/account-mail-service.js';
import { AccountTokensRepo } from '../auth/account-tokens-repo.js';
import type { ExportSources } from '../export/export-contents.js';
import { DataExportService } from '../export/export-service.js';
import { createMailer } from '../mail/mailer.js';
import { AccountDeletionService } from './deletion-service.js';
import { EmailChangeService } from './email-change.js';

export interface AccountServices {
  emailChanges: EmailChangeService;
  accountDeletion: AccountDeletionService;
  dataExports: DataExportService;
}

export function createAccountServices(
  config: Config,
  db: Db,
  accountMail: AccountMailService,
  exportSources: Omit<ExportSources, 'db'>,
): AccountServices {
  const tokens = new AccountTokensRepo(db.kysely);
  const mailer = createMailer(config);
  const emailChanges = new EmailChangeService(config, db.kysely, tokens, mailer);
  accountMail.alsoConfirms(emailChanges);
  return {
    emailChanges,
    accountDeletion: new AccountDeletionService(config, db.kysely, tokens, mailer),
    dataExports: new DataExportService(config, db.kysely, { ...exportSources, db: db.kysely }, mailer),
  };
}

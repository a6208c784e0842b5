/** The services of one's own account: e-mail change, account deletion and data export. */
import type { DataExportService } from '../export/export-service.js';
import type { AccountDeletionService } from './deletion-service.js';
import type { EmailChangeService } from './email-change.js';

export interface AccountServices {
  emailChanges: EmailChangeService;
  accountDeletion: AccountDeletionService;
  dataExports: DataExportService;
}

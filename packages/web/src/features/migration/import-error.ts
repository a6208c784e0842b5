/**
 * The text for a failed import. 14001 and 14002 mean something else elsewhere in the catalogue
 * (API tokens), so the import's own codes are read here first; anything else as everywhere (a
 * broken Todoist or Trello file's 30059 names the line or field at fault). 14003's text speaks of
 * TickTick's backup, so other CSV importers show the catalogue's general text for it. A refusal
 * whose server message says more than "Forbidden" (a CSV row naming a child project the user may
 * only read: which project, on which line) keeps that message under the translated text.
 */
import { errorCatalogue } from '@ordo/core';
import type { TFunction } from 'i18next';
import { ApiRequestError } from '../../api/api-error';
import { errorText } from '../../i18n/error-text';

const IMPORT_ERRORS: Record<number, string> = {
  14001: 'migration.errors.notAZip',
  14002: 'migration.errors.empty',
  14003: 'migration.errors.notACsv',
  14005: 'migration.errors.running',
  4013: 'migration.errors.tooLarge',
};

export function importErrorText(error: unknown, t: TFunction, migratorId = 'ticktick'): string {
  const tickTickOnly = error instanceof ApiRequestError && error.code === 14003 && migratorId !== 'ticktick';
  if (
    error instanceof ApiRequestError &&
    error.code !== undefined &&
    IMPORT_ERRORS[error.code] &&
    !tickTickOnly
  ) {
    return t(IMPORT_ERRORS[error.code]);
  }
  const text = errorText(error, t);
  const forbidden = errorCatalogue.forbidden;
  if (
    error instanceof ApiRequestError &&
    error.status === forbidden.status &&
    error.code === forbidden.code &&
    error.message &&
    error.message !== forbidden.message
  ) {
    return `${text}\n${error.message}`;
  }
  return text;
}

/**
 * The text a user sees for a failed call (spec 1 §8): the translated catalogue text for the
 * server's code when there is one, else the server's message. Codes whose server message carries
 * the detail (4016–4019, 4024) get that message appended on a new line.
 */
import {
  type CatalogueEntry,
  codesWithServerDetail,
  type ErrorKey,
  errorCatalogue,
  formatCatalogueMessage,
} from '@ordo/core';
import type { TFunction } from 'i18next';
import { ApiRequestError, ApiUnreachableError } from '../api/api-error';
import { apiDomain } from '../api/api-url';
import { InvalidApiUrlError } from '../api/probe-api';

const entries = Object.entries(errorCatalogue) as [ErrorKey, CatalogueEntry][];

/** A few numbers mean two things in the catalogue; the HTTP status tells them apart. */
export function catalogueKeyFor(code: number, status: number): ErrorKey | null {
  const matches = entries.filter(([, entry]) => entry.code === code);
  if (matches.length === 0) return null;
  return (matches.find(([, entry]) => entry.status === status) ?? matches[0])[0];
}

/** Reads the `%s`/`%d` values back out of a server message built from the English template. */
export function templateParams(template: string, message: string): string[] {
  if (!/%[sdv]/.test(template)) return [];
  const pattern = template
    .split(/%[sdv]/)
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('(.*?)');
  const match = new RegExp(`^${pattern}$`, 's').exec(message);
  return match ? match.slice(1) : [];
}

/** English catalogue texts, keyed like the German ones in de.json, for i18next. */
export function englishErrorTexts(): Record<ErrorKey, string> {
  return Object.fromEntries(entries.map(([key, entry]) => [key, entry.message])) as Record<ErrorKey, string>;
}

export function errorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiRequestError) {
    const key = error.code === undefined ? null : catalogueKeyFor(error.code, error.status);
    if (!key) return error.message || t('errors.unknown');
    const template = errorCatalogue[key].message;
    const params = templateParams(template, error.message);
    let text = formatCatalogueMessage(t(`errors.${key}`), params);
    if (
      codesWithServerDetail.has(error.code as number) ||
      (error.code === 2002 && error.invalidFields.length > 0)
    ) {
      const detail = error.code === 2002 ? error.invalidFields.join('\n') : error.message;
      text = `${text}\n${detail}`;
    }
    return text;
  }
  if (error instanceof InvalidApiUrlError) return t('apiConfig.invalid');
  if (error instanceof ApiUnreachableError) {
    // Offline the server is not at fault: say what is missing (a change that cannot wait in the
    // outbox, a screen never loaded here).
    if (typeof navigator !== 'undefined' && navigator.onLine === false) return t('errors.offline');
    return error.url ? t('errors.unreachableAt', { domain: apiDomain(error.url) }) : t('errors.unreachable');
  }
  if (error instanceof Error && error.message) return error.message;
  return t('errors.unknown');
}

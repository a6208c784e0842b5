/**
 * Filter errors from the server (4016 field, 4017 comparator, 4018 concatenator, 4019 value, 4024
 * expression) are shown under the filter editor, with the part they name marked in the text.
 */
import { codesWithServerDetail, errorCatalogue } from '@ordo/core';
import { isApiRequestError } from '../../api/api-error';
import { catalogueKeyFor, templateParams } from '../../i18n/error-text';

export function isFilterError(error: unknown): boolean {
  return isApiRequestError(error) && error.code !== undefined && codesWithServerDetail.has(error.code);
}

/** The offending field, comparator, concatenator or value; none for a whole-expression error. */
export function filterErrorPart(error: unknown): string | null {
  if (!isFilterError(error) || !isApiRequestError(error) || error.code === 4024) return null;
  const key = catalogueKeyFor(error.code as number, error.status);
  if (!key) return null;
  return templateParams(errorCatalogue[key].message, error.message)[0] ?? null;
}

/**
 * The error text without a repeated line: the server's detail is appended to the catalogue text,
 * and in English the two are often the same sentence.
 */
export function filterErrorText(text: string): string {
  return [...new Set(text.split('\n'))].join('\n');
}

/** Reading entity fields from request bodies the same way for projects, tasks, views and labels. */
import { fromApiDate, hexColorForApi, titleProblem as titleRule } from '@ordo/core';
import { ApiError } from '../../http/api-error.js';

/** 400/2004: the body cannot be bound to the model (wrong type, unparsable date). */
export function invalidModel(detail: string): ApiError {
  return new ApiError(400, 2004, `Invalid model provided: ${detail}`);
}

/** Colours are stored without `#` and at most 6 characters (reference §1.3). */
export function normalizeHexColor(value: string | null | undefined): string {
  return hexColorForApi(value);
}

/** A wire date (RFC 3339, zero time, null or omitted) → stored text or null; 2004 when unparsable. */
export function readDate(value: unknown, field: string): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'string') throw invalidModel(`${field} must be an RFC 3339 date`);
  const stored = fromApiDate(value);
  if (stored === undefined) throw invalidModel(`parsing time "${value}" as RFC 3339 for ${field} failed`);
  return stored;
}

/** Titles of projects, views, labels: required, 1–250 characters (412 with invalid_fields). */
export function titleProblem(title: string, field = 'title'): string | null {
  const problem = titleRule(title);
  if (problem === 'empty') return `${field}: non zero value required`;
  if (problem === 'tooLong') return `${field}: ${title} does not validate as runelength(1|250)`;
  return null;
}

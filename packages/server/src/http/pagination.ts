/** Page parameters and headers shared by every list endpoint (reference §1.4). */
import type { FastifyReply } from 'fastify';
import { httpError } from './api-error.js';

export interface Page {
  /** 1-based page; 0 means "everything" for resources that page in the database. */
  page: number;
  perPage: number;
  /** `null` when every row is wanted. */
  limit: number | null;
  offset: number;
}

/**
 * The furthest a page may start: past every row a table can hold (ids are 32-bit), so such a page
 * is empty, and the offset stays a number both databases take (a page of 10^17 made it overflow).
 */
const MAX_OFFSET = 2 ** 31 - 1;
const INT64_MAX = 2n ** 63n - 1n;

function parseIntParam(raw: unknown, negative: string, bad: string): number | null {
  if (raw === undefined || raw === '' || raw === null) return null;
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (!/^-?\d+$/.test(String(value))) throw httpError(400, bad);
  const n = Number(value);
  if (n < 0) throw httpError(400, negative);
  // Vikunja reads it as a 64-bit integer: a longer one is no number it can read.
  if (BigInt(String(value)) > INT64_MAX) throw httpError(400, bad);
  return n;
}

export function parsePage(query: Record<string, unknown>, maxPerPage: number): Page {
  const page = parseIntParam(query.page, 'Page number cannot be negative.', 'Bad page requested.') ?? 1;
  const rawPer = parseIntParam(
    query.per_page,
    'Per page amount cannot be negative.',
    'Bad per page amount requested.',
  );
  const perPage = !rawPer ? maxPerPage : Math.min(rawPer, maxPerPage);
  if (page === 0) return { page, perPage, limit: null, offset: 0 };
  return { page, perPage, limit: perPage, offset: Math.min((page - 1) * perPage, MAX_OFFSET) };
}

/** Sets `x-pagination-total-pages` (0 when the page is empty) and `x-pagination-result-count`. */
export function setPaginationHeaders(
  reply: FastifyReply,
  page: Page,
  resultCount: number,
  total: number,
): void {
  const totalPages = resultCount === 0 ? 0 : page.limit === null ? 1 : Math.ceil(total / page.perPage);
  reply.header('x-pagination-total-pages', String(totalPages));
  reply.header('x-pagination-result-count', String(resultCount));
}

/**
 * A task's version for conditional writes (`ETag` / `If-Match`, RFC 9110 §13.1.1). `updated` alone
 * has second precision, so two writes within one second would share it; the tag is therefore a
 * hash of the whole stored row (`updated` included), which changes with every write that changes
 * anything. Clients that send no `If-Match` keep Vikunja's last-write-wins.
 *
 * Columns kept only for CalDAV clients are left out: `caldav_sequence` rises when a label or a
 * parent is added, which changes nothing a REST save writes, so a rename on its way while a label
 * is added must not be refused as stale; `repeat_dates` only mirrors the stored VTODO's RDATEs.
 */
import { createHash } from 'node:crypto';
import type { TaskRow } from '../../db/schema.js';

/** The strong entity tag of a stored task row: `"<27 base64url characters>"`. */
export function taskVersion(row: TaskRow): string {
  const { caldav_sequence: _sequence, repeat_dates: _dates, ...versioned } = row;
  const digest = createHash('sha256').update(JSON.stringify(versioned)).digest('base64url');
  return `"${digest.slice(0, 27)}"`;
}

/**
 * The tags an `If-Match` header lists, or undefined without one (no precondition). `*` matches
 * any existing task; weak tags (`W/"…"`) never match, as RFC 9110 asks of If-Match.
 */
export function readIfMatch(header: string | string[] | undefined): string[] | undefined {
  if (header === undefined) return undefined;
  const text = Array.isArray(header) ? header.join(',') : header;
  const tags = text.match(/\*|(?:W\/)?"[^"]*"/g) ?? [];
  return tags;
}

/** Does the stored version satisfy the listed tags? An empty or malformed list matches nothing. */
export function versionMatches(tags: readonly string[], version: string): boolean {
  return tags.some((tag) => tag === '*' || tag === version);
}

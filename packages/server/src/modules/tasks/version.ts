/**
 * A task's version for conditional writes (`ETag` / `If-Match`, RFC 9110 §13.1.1). `updated` alone
 * has second precision, so two writes within one second would share it; the tag is therefore a
 * hash of the whole stored row (`updated` included), which changes with every write that changes
 * anything. Clients that send no `If-Match` keep Vikunja's last-write-wins.
 */
import { createHash } from 'node:crypto';
import type { TaskRow } from '../../db/schema.js';

/** The strong entity tag of a stored task row: `"<27 base64url characters>"`. */
export function taskVersion(row: TaskRow): string {
  const digest = createHash('sha256').update(JSON.stringify(row)).digest('base64url');
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

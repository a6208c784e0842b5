/**
 * What a PUT of a VTODO over an existing task means for what it leaves out.
 *
 * A client that sends the object in place of the version it read (its If-Match names that
 * version's ETag, as DAVx⁵, Thunderbird, vdirsyncer and Apple's apps do) replaces it whole
 * (RFC 4791 §5.3.2): a property that version had and the PUT leaves out was removed by the user.
 * An alarm deleted, the colour taken off, the repeat turned off (todoman completes a repeating task by sending it without
 * its RRULE and adding the next one as a new task), the last category taken away, the progress
 * cleared, the task taken out from under its parent: each is a removal to make.
 *
 * A write that names no version cannot say what its client saw, so what it leaves out is kept, as
 * the reference has it (§2.18): a client that never knew of a field does not clear it.
 */
import type { VtodoFields } from './vtodo-input.js';

export interface PutIntent {
  /** The fields to write: the PUT's, with each removal made explicit. */
  fields: VtodoFields;
  /** UIDs of parent tasks the version read named and the PUT no longer does. */
  parentsRemoved: string[];
}

/**
 * `read` is the version the PUT replaces, read from the object its If-Match named; null for a
 * blind write (no If-Match, `*`, or a new object).
 */
export function putIntent(sent: VtodoFields, read: VtodoFields | null): PutIntent {
  if (!read) return { fields: sent, parentsRemoved: [] };
  const fields: VtodoFields = { ...sent };
  if (sent.percent_done === undefined && read.percent_done !== undefined) fields.percent_done = 0;
  if (sent.rrule === undefined && read.rrule !== undefined) {
    fields.rrule = '';
    fields.repeat = { repeat_after: 0, repeat_mode: 0 };
  }
  if (sent.categories === undefined && read.categories !== undefined) fields.categories = [];
  if (sent.reminders === undefined && read.reminders !== undefined) fields.reminders = [];
  if (sent.color === undefined && read.color !== undefined) fields.color = '';
  // Only parents: a client that shows subtasks writes the link on the subtask, and many leave a
  // parent's RELATED-TO;RELTYPE=CHILD lines out when they rewrite it.
  const parentsRemoved = read.parents.filter((uid) => !sent.parents.includes(uid));
  return { fields, parentsRemoved };
}

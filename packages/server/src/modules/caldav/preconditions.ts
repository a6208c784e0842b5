/**
 * Why a write to a calendar object is refused: If-Match / If-None-Match (RFC 4791 §5.3.4, 412 and
 * nothing written) and the CalDAV preconditions of a PUT (RFC 4791 §5.3.2.1), answered with the
 * DAV error body that names the precondition, so a client knows what it sent wrong.
 */
import { httpError } from '../../http/api-error.js';

export interface PutPreconditions {
  ifMatch?: string;
  ifNoneMatch?: string;
}

/** `existing` is the object at the address written to, undefined when there is none. */
export function demandPreconditions(existing: { etag: string } | undefined, p: PutPreconditions): void {
  if (p.ifNoneMatch !== undefined) {
    const tags = p.ifNoneMatch.split(',').map((t) => t.trim());
    if (existing && (tags.includes('*') || tags.includes(existing.etag)))
      throw httpError(412, 'The calendar object already exists.');
  }
  if (p.ifMatch !== undefined) {
    const wanted = p.ifMatch.split(',').map((t) => t.trim().replace(/^W\//, ''));
    if (!existing || !(wanted.includes('*') || wanted.includes(existing.etag)))
      throw httpError(412, 'The calendar object has changed.');
  }
}

export type PreconditionName =
  | 'valid-calendar-data'
  | 'valid-calendar-object-resource'
  | 'supported-calendar-component'
  | 'max-resource-size'
  | 'no-uid-conflict';

/** Malformed data is a bad request; a UID taken by another object a conflict; the rest forbidden. */
const STATUS: Record<PreconditionName, number> = {
  'valid-calendar-data': 400,
  'valid-calendar-object-resource': 400,
  'supported-calendar-component': 403,
  'max-resource-size': 413,
  'no-uid-conflict': 409,
};

export class CalendarPreconditionError extends Error {
  readonly status: number;
  constructor(
    readonly precondition: PreconditionName,
    message: string,
    /** For no-uid-conflict: the object that has the UID. */
    readonly href?: string,
  ) {
    super(message);
    this.status = STATUS[precondition];
  }
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The DAV:error body: the CalDAV precondition element, and the reason in words. */
export function preconditionBody(error: CalendarPreconditionError): string {
  const inner = error.href ? `<d:href>${escapeXml(error.href)}</d:href>` : '';
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    '<d:error xmlns:d="DAV:" xmlns:cal="urn:ietf:params:xml:ns:caldav">' +
    `<cal:${error.precondition}>${inner}</cal:${error.precondition}>` +
    `<d:responsedescription>${escapeXml(error.message)}</d:responsedescription>` +
    '</d:error>'
  );
}

/**
 * A calendar-query's CALDAV:filter element read into the filter model of @ordo/core (RFC 4791
 * §9.7). Unsupported collations and malformed time ranges are refused with the precondition
 * the RFC names, as a client can then tell what the server cannot do.
 */
import {
  type Collation,
  type CompFilter,
  type MatchType,
  type ParamFilter,
  type PropFilter,
  SUPPORTED_COLLATIONS,
  type TextMatch,
  type TimeRange,
} from '@ordo/core';
import { child, NS, type XmlElement } from './dav-xml.js';

/** A query the server cannot answer: 403 (or 400) with this precondition (RFC 4791 §7.8). */
export class FilterError extends Error {
  constructor(
    readonly status: 400 | 403,
    readonly precondition: string,
    message: string,
  ) {
    super(message);
  }
}

const caldavChildren = (element: XmlElement, name: string) =>
  element.children.filter((c) => c.ns === NS.caldav && c.name === name);

/** A UTC date-time of a time-range attribute (RFC 4791 §9.9: "date with UTC time"). */
function utcInstant(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const m = /^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/.exec(value.trim());
  const ms = m ? Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) : Number.NaN;
  if (Number.isNaN(ms))
    throw new FilterError(400, 'valid-filter', `The time-range ${value} is not a UTC date-time.`);
  return ms;
}

function readTimeRange(element: XmlElement | undefined): TimeRange | undefined {
  if (!element) return undefined;
  const start = utcInstant(element.attrs.start);
  const end = utcInstant(element.attrs.end);
  if (start === undefined && end === undefined)
    throw new FilterError(400, 'valid-filter', 'A time-range needs a start or an end.');
  return { ...(start !== undefined ? { start } : {}), ...(end !== undefined ? { end } : {}) };
}

const MATCH_TYPES: readonly MatchType[] = ['equals', 'contains', 'starts-with', 'ends-with'];

function readTextMatch(element: XmlElement | undefined): TextMatch | undefined {
  if (!element) return undefined;
  const collation = (element.attrs.collation ?? 'i;ascii-casemap') as Collation;
  if (!SUPPORTED_COLLATIONS.includes(collation))
    throw new FilterError(403, 'supported-collation', `The collation ${collation} is not supported.`);
  const matchType = (element.attrs['match-type'] ?? 'contains') as MatchType;
  return {
    text: element.text,
    collation,
    matchType: MATCH_TYPES.includes(matchType) ? matchType : 'contains',
    negate: element.attrs['negate-condition'] === 'yes',
  };
}

function readParamFilter(element: XmlElement): ParamFilter {
  const textMatch = readTextMatch(child(element, NS.caldav, 'text-match'));
  return {
    name: element.attrs.name ?? '',
    isNotDefined: !!child(element, NS.caldav, 'is-not-defined'),
    ...(textMatch ? { textMatch } : {}),
  };
}

function readPropFilter(element: XmlElement): PropFilter {
  const timeRange = readTimeRange(child(element, NS.caldav, 'time-range'));
  const textMatch = readTextMatch(child(element, NS.caldav, 'text-match'));
  return {
    name: element.attrs.name ?? '',
    isNotDefined: !!child(element, NS.caldav, 'is-not-defined'),
    ...(timeRange ? { timeRange } : {}),
    ...(textMatch ? { textMatch } : {}),
    params: caldavChildren(element, 'param-filter').map(readParamFilter),
  };
}

function readCompFilter(element: XmlElement): CompFilter {
  const timeRange = readTimeRange(child(element, NS.caldav, 'time-range'));
  return {
    name: element.attrs.name ?? '',
    isNotDefined: !!child(element, NS.caldav, 'is-not-defined'),
    ...(timeRange ? { timeRange } : {}),
    props: caldavChildren(element, 'prop-filter').map(readPropFilter),
    comps: caldavChildren(element, 'comp-filter').map(readCompFilter),
  };
}

/** The filter of a calendar-query; undefined when it has none. */
export function readFilter(filter: XmlElement | undefined): CompFilter | undefined {
  const top = filter ? child(filter, NS.caldav, 'comp-filter') : undefined;
  if (!top) return undefined;
  if (top.attrs.name?.toUpperCase() !== 'VCALENDAR')
    throw new FilterError(
      403,
      'valid-filter',
      'A calendar-query filter starts with a VCALENDAR comp-filter.',
    );
  return readCompFilter(top);
}

/**
 * What a PROPFIND, PROPPATCH, MKCALENDAR or REPORT body asks for (RFC 4918 §9.1, RFC 4791
 * §5.3.1, §7.8–7.9, RFC 6578 §3.2).
 */
import type { CompFilter } from '@ordo/core';
import { readFilter } from './calendar-filter-xml.js';
import { child, descendants, NS, parseXml, type QName, type XmlElement } from './dav-xml.js';
import type { PropRequest } from './properties.js';

function propNames(prop: XmlElement): QName[] {
  return prop.children.map((c) => ({ ns: c.ns, name: c.name }));
}

/** An empty body asks for all properties (RFC 4918 §9.1). */
export function readPropfind(body: string): PropRequest {
  const root = parseXml(body);
  if (!root) return { kind: 'all' };
  if (child(root, NS.dav, 'propname')) return { kind: 'propname' };
  const prop = child(root, NS.dav, 'prop');
  if (prop) return { kind: 'names', names: propNames(prop) };
  return { kind: 'all' };
}

/** The properties a PROPPATCH sets or removes. */
export function readPropertyUpdate(body: string): QName[] {
  const root = parseXml(body);
  return root ? descendants(root, NS.dav, 'prop').flatMap(propNames) : [];
}

export type Report =
  | { kind: 'multiget'; hrefs: string[]; props: PropRequest }
  /** `filter` undefined: the query has none and matches every object. */
  | { kind: 'query'; filter: CompFilter | undefined; props: PropRequest }
  /** `token` empty: an initial sync. */
  | { kind: 'sync'; token: string; props: PropRequest }
  | { kind: 'unsupported' };

function reportProps(root: XmlElement): PropRequest {
  if (child(root, NS.dav, 'allprop')) return { kind: 'all' };
  const prop = child(root, NS.dav, 'prop');
  return prop ? { kind: 'names', names: propNames(prop) } : { kind: 'all' };
}

export function readReport(body: string): Report {
  const root = parseXml(body);
  if (root?.ns === NS.caldav && root.name === 'calendar-multiget') {
    const hrefs = root.children.filter((c) => c.ns === NS.dav && c.name === 'href').map((c) => c.text.trim());
    return { kind: 'multiget', hrefs, props: reportProps(root) };
  }
  if (root?.ns === NS.caldav && root.name === 'calendar-query') {
    return { kind: 'query', filter: readFilter(child(root, NS.caldav, 'filter')), props: reportProps(root) };
  }
  if (root?.ns === NS.dav && root.name === 'sync-collection') {
    return {
      kind: 'sync',
      token: child(root, NS.dav, 'sync-token')?.text.trim() ?? '',
      props: reportProps(root),
    };
  }
  return { kind: 'unsupported' };
}

/** A MKCALENDAR body's display name and colour (RFC 4791 §5.3.1); both optional. */
export function readMkcalendar(body: string): { displayName?: string; color?: string } {
  const root = parseXml(body);
  if (!root) return {};
  const props = descendants(root, NS.dav, 'prop');
  const find = (ns: string, name: string) =>
    props
      .map((p) => child(p, ns, name))
      .find((e) => e !== undefined)
      ?.text.trim();
  const displayName = find(NS.dav, 'displayname');
  const color = find(NS.apple, 'calendar-color');
  return {
    ...(displayName !== undefined ? { displayName } : {}),
    ...(color !== undefined ? { color } : {}),
  };
}

/** What a PROPFIND, PROPPATCH or REPORT body asks for (RFC 4918 §9.1, RFC 4791 §7.8–7.9). */
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
  /** `todos`: whether the filter lets VTODOs through (a VEVENT-only query finds nothing). */
  | { kind: 'query'; todos: boolean; props: PropRequest }
  | { kind: 'unsupported' };

function reportProps(root: XmlElement): PropRequest {
  if (child(root, NS.dav, 'allprop')) return { kind: 'all' };
  const prop = child(root, NS.dav, 'prop');
  return prop ? { kind: 'names', names: propNames(prop) } : { kind: 'all' };
}

function letsTodosThrough(root: XmlElement): boolean {
  const calendar = child(child(root, NS.caldav, 'filter'), NS.caldav, 'comp-filter');
  if (!calendar) return true;
  const inner = calendar.children.filter((c) => c.ns === NS.caldav && c.name === 'comp-filter');
  return inner.length === 0 || inner.some((c) => c.attrs.name?.toUpperCase() === 'VTODO');
}

export function readReport(body: string): Report {
  const root = parseXml(body);
  if (root?.ns === NS.caldav && root.name === 'calendar-multiget') {
    const hrefs = root.children.filter((c) => c.ns === NS.dav && c.name === 'href').map((c) => c.text.trim());
    return { kind: 'multiget', hrefs, props: reportProps(root) };
  }
  if (root?.ns === NS.caldav && root.name === 'calendar-query') {
    return { kind: 'query', todos: letsTodosThrough(root), props: reportProps(root) };
  }
  return { kind: 'unsupported' };
}

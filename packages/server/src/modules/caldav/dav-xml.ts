/**
 * WebDAV XML in and out (RFC 4918, RFC 4791), read and written with fast-xml-parser. Requests
 * are resolved to namespace-qualified elements, so `<D:prop xmlns:D="DAV:">` and
 * `<prop xmlns="DAV:">` read the same; answers use fixed prefixes.
 */
import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';

export const NS = {
  dav: 'DAV:',
  caldav: 'urn:ietf:params:xml:ns:caldav',
  calendarServer: 'http://calendarserver.org/ns/',
  apple: 'http://apple.com/ns/ical/',
} as const;

const PREFIX: Record<string, string> = {
  [NS.dav]: 'd',
  [NS.caldav]: 'cal',
  [NS.calendarServer]: 'cs',
  [NS.apple]: 'ical',
};

export interface XmlElement {
  ns: string;
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

export class InvalidXmlError extends Error {}

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  processEntities: true,
});

type Ordered = Record<string, unknown>;

function resolve(node: Ordered, scope: Record<string, string>): XmlElement | null {
  const tag = Object.keys(node).find((k) => k !== ':@');
  if (!tag || tag === '#text' || tag.startsWith('?')) return null;
  const attrs = (node[':@'] ?? {}) as Record<string, string>;
  const names = { ...scope };
  for (const [key, value] of Object.entries(attrs)) {
    if (key === 'xmlns') names[''] = value;
    else if (key.startsWith('xmlns:')) names[key.slice(6)] = value;
  }
  const colon = tag.indexOf(':');
  const prefix = colon >= 0 ? tag.slice(0, colon) : '';
  const content = (node[tag] ?? []) as Ordered[];
  const children: XmlElement[] = [];
  let text = '';
  for (const child of content) {
    if ('#text' in child) text += String(child['#text']);
    else {
      const element = resolve(child, names);
      if (element) children.push(element);
    }
  }
  return { ns: names[prefix] ?? '', name: colon >= 0 ? tag.slice(colon + 1) : tag, attrs, children, text };
}

/** The document's root element; null for an empty body; InvalidXmlError when it is not XML. */
export function parseXml(body: string): XmlElement | null {
  if (body.trim() === '') return null;
  if (XMLValidator.validate(body) !== true) throw new InvalidXmlError('Malformed XML');
  const nodes = parser.parse(body) as Ordered[];
  for (const node of nodes) {
    const root = resolve(node, {});
    if (root) return root;
  }
  throw new InvalidXmlError('No root element');
}

export function child(
  element: XmlElement | null | undefined,
  ns: string,
  name: string,
): XmlElement | undefined {
  return element?.children.find((c) => c.ns === ns && c.name === name);
}

export function descendants(element: XmlElement, ns: string, name: string): XmlElement[] {
  return element.children.flatMap((c) => [
    ...(c.ns === ns && c.name === name ? [c] : []),
    ...descendants(c, ns, name),
  ]);
}

/** A property name: its namespace and local name. */
export interface QName {
  ns: string;
  name: string;
}

export const qnameKey = (q: QName) => `${q.ns}|${q.name}`;

/** Element content for the builder: text, nested elements, or nothing. */
export type XmlContent = string | { [tag: string]: XmlContent | XmlContent[] } | '';

/** The builder's tag for a name: a known prefix, or a prefix declared on the element itself. */
function tagOf(q: QName, content: XmlContent): [string, XmlContent] {
  const prefix = PREFIX[q.ns];
  if (prefix) return [`${prefix}:${q.name}`, content];
  const declared: Record<string, XmlContent | XmlContent[]> =
    typeof content === 'object' ? { ...content } : content === '' ? {} : { '#text': content };
  return [`x:${q.name}`, { ...declared, '@_xmlns:x': q.ns }];
}

export function element(q: QName, content: XmlContent = ''): Record<string, XmlContent> {
  const [tag, value] = tagOf(q, content);
  return { [tag]: value };
}

export const dav = (name: string): QName => ({ ns: NS.dav, name });
export const cal = (name: string): QName => ({ ns: NS.caldav, name });

export interface PropStat {
  status: number;
  props: Record<string, XmlContent>[];
}

export interface DavResponse {
  href: string;
  propstats?: PropStat[];
  /** A response without properties, e.g. a multiget href that is not found. */
  status?: number;
}

const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  403: 'Forbidden',
  404: 'Not Found',
};

const statusLine = (code: number) => `HTTP/1.1 ${code} ${STATUS_TEXT[code] ?? ''}`.trim();

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  suppressEmptyNode: true,
  processEntities: true,
});

function mergeProps(props: Record<string, XmlContent>[]): Record<string, XmlContent | XmlContent[]> {
  const merged: Record<string, XmlContent | XmlContent[]> = {};
  for (const prop of props) {
    for (const [tag, value] of Object.entries(prop)) {
      const existing = merged[tag];
      if (existing === undefined) merged[tag] = value;
      else merged[tag] = Array.isArray(existing) ? [...existing, value] : [existing, value];
    }
  }
  return merged;
}

/** A 207 Multi-Status body. */
export function multistatus(
  responses: readonly DavResponse[],
  extra: Record<string, XmlContent> = {},
): string {
  const body = {
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    'd:multistatus': {
      '@_xmlns:d': NS.dav,
      '@_xmlns:cal': NS.caldav,
      '@_xmlns:cs': NS.calendarServer,
      '@_xmlns:ical': NS.apple,
      'd:response': responses.map((r) => ({
        'd:href': r.href,
        ...(r.status !== undefined ? { 'd:status': statusLine(r.status) } : {}),
        ...(r.propstats && r.propstats.length > 0
          ? {
              'd:propstat': r.propstats.map((ps) => ({
                'd:prop': mergeProps(ps.props),
                'd:status': statusLine(ps.status),
              })),
            }
          : {}),
      })),
      ...extra,
    },
  };
  return builder.build(body) as string;
}

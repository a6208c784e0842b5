/**
 * The WebDAV properties of each kind of resource under /dav, and answering a PROPFIND or REPORT's
 * list of wanted properties from them: found ones in a 200 propstat, the rest in a 404 one.
 */
import { Right } from '@ordo/core';
import type { UserRow } from '../../db/schema.js';
import type { Calendar, CalendarObject } from './calendar.js';
import { cal, dav, element, NS, type PropStat, type QName, qnameKey, type XmlContent } from './dav-xml.js';
import { htmlToText } from './description-text.js';

export const DAV_ROOT = '/dav/';
export const HOME = '/dav/projects/';
export const principalHref = (username: string) => `/dav/principals/${encodeURIComponent(username)}/`;
export const calendarHref = (projectId: number) => `${HOME}${projectId}/`;
/**
 * Where an object that is gone was, by the resource name its change was recorded under
 * (migration 0041): the name its client chose, or `<uid>.ics`.
 */
export const goneObjectHref = (projectId: number, name: string) =>
  `${calendarHref(projectId)}${encodeURIComponent(name)}`;

/** What a PROPFIND or REPORT asks for. */
export type PropRequest = { kind: 'all' } | { kind: 'names'; names: QName[] } | { kind: 'propname' };

type Value = XmlContent | undefined;
/** A resource's properties; a value of undefined is a property it does not have. */
export type Properties = Map<string, { q: QName; value: () => Value }>;

function properties(entries: [QName, () => Value][]): Properties {
  return new Map(entries.map(([q, value]) => [qnameKey(q), { q, value }]));
}

const href = (path: string): XmlContent => ({ 'd:href': path });
const cs = (name: string): QName => ({ ns: NS.calendarServer, name });

function common(user: UserRow): [QName, () => Value][] {
  return [
    [dav('current-user-principal'), () => href(principalHref(user.username))],
    [dav('principal-URL'), () => href(principalHref(user.username))],
  ];
}

export function rootProperties(user: UserRow): Properties {
  return properties([
    ...common(user),
    [dav('resourcetype'), () => ({ 'd:collection': '' })],
    [dav('displayname'), () => 'Ordo'],
  ]);
}

export function principalProperties(user: UserRow): Properties {
  return properties([
    ...common(user),
    [dav('resourcetype'), () => ({ 'd:collection': '', 'd:principal': '' })],
    [dav('displayname'), () => user.name || user.username],
    [cal('calendar-home-set'), () => href(HOME)],
    [cal('calendar-user-address-set'), () => (user.email ? href(`mailto:${user.email}`) : '')],
  ]);
}

export function homeProperties(user: UserRow, ctag: string | undefined): Properties {
  return properties([
    ...common(user),
    [dav('resourcetype'), () => ({ 'd:collection': '' })],
    [dav('displayname'), () => 'Projects'],
    [dav('owner'), () => href(principalHref(user.username))],
    [cs('getctag'), () => ctag],
    [dav('getetag'), () => ctag],
  ]);
}

const privilege = (name: string): XmlContent => ({ [`d:${name}`]: '' });

/** Read for everyone who sees the project; writing tasks with write access, as in the API. */
function privileges(right: Right): XmlContent {
  const granted = [privilege('read')];
  if (right >= Right.write)
    granted.push(privilege('write'), privilege('write-content'), privilege('bind'), privilege('unbind'));
  return { 'd:privilege': granted as unknown as XmlContent };
}

/** `token`: the collection's sync token (RFC 6578), also its ctag. */
export function calendarProperties(user: UserRow, calendar: Calendar, token: string): Properties {
  const { project, right } = calendar;
  return properties([
    ...common(user),
    [dav('resourcetype'), () => ({ 'd:collection': '', 'cal:calendar': '' })],
    [dav('displayname'), () => project.title],
    [dav('owner'), () => href(principalHref(user.username))],
    [cal('calendar-description'), () => htmlToText(project.description) || undefined],
    [
      cal('supported-calendar-component-set'),
      () => ({ 'cal:comp': { '@_name': 'VTODO' } as unknown as XmlContent }),
    ],
    [
      dav('supported-report-set'),
      () => ({
        'd:supported-report': [
          { 'd:report': { 'cal:calendar-query': '' } },
          { 'd:report': { 'cal:calendar-multiget': '' } },
          { 'd:report': { 'd:sync-collection': '' } },
        ] as unknown as XmlContent,
      }),
    ],
    [dav('current-user-privilege-set'), () => privileges(right)],
    [
      { ns: NS.apple, name: 'calendar-color' },
      () => (project.hex_color ? `#${project.hex_color}` : undefined),
    ],
    [cs('getctag'), () => token],
    [dav('sync-token'), () => token],
    [dav('getetag'), () => `"${token}"`],
  ]);
}

export function objectProperties(object: CalendarObject): Properties {
  return properties([
    [dav('resourcetype'), () => ''],
    [dav('getetag'), () => object.etag],
    [dav('getcontenttype'), () => 'text/calendar; charset=utf-8; component=vtodo'],
    [dav('getcontentlength'), () => String(Buffer.byteLength(object.ics))],
    [dav('getlastmodified'), () => new Date(object.updated).toUTCString()],
    [cal('calendar-data'), () => object.ics],
  ]);
}

/** Properties a PROPFIND with `allprop` gets: all but the expensive calendar data. */
const NOT_IN_ALLPROP = new Set([qnameKey(cal('calendar-data'))]);

export function propstats(props: Properties, wanted: PropRequest): PropStat[] {
  if (wanted.kind === 'propname') {
    return [{ status: 200, props: [...props.values()].map(({ q }) => element(q)) }];
  }
  const found: PropStat['props'] = [];
  const missing: PropStat['props'] = [];
  const names =
    wanted.kind === 'all'
      ? [...props.values()].map((p) => p.q).filter((q) => !NOT_IN_ALLPROP.has(qnameKey(q)))
      : wanted.names;
  for (const q of names) {
    const value = props.get(qnameKey(q))?.value();
    if (value === undefined) {
      if (wanted.kind === 'names') missing.push(element(q));
    } else found.push(element(q, value));
  }
  return [
    ...(found.length > 0 ? [{ status: 200, props: found }] : []),
    ...(missing.length > 0 ? [{ status: 404, props: missing }] : []),
  ];
}

/** Does answering need the collections' tags (ctag, sync token, etag)? */
export function wantsTags(wanted: PropRequest): boolean {
  if (wanted.kind !== 'names') return wanted.kind === 'all';
  return wanted.names.some((q) => q.name === 'getctag' || q.name === 'getetag' || q.name === 'sync-token');
}

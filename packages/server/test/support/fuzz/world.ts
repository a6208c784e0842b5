/**
 * What the fuzzer aims at: a user with one of everything (project, task, label, team, saved
 * filter, views, bucket, comment, link share, webhooks, API token, attachment, CalDAV token) and a
 * second, foreign user with their own, so generated requests use real ids, ids of objects the
 * caller may not touch, and made-up ones.
 */
import fc from 'fast-check';
import { multipart } from '../multipart.js';
import type { TestApp } from '../test-app.js';
import { hugeNumber } from './values.js';

export type Kind =
  | 'project'
  | 'task'
  | 'label'
  | 'team'
  | 'filter'
  | 'view'
  | 'bucket'
  | 'comment'
  | 'share'
  | 'hash'
  | 'webhook'
  | 'token'
  | 'attachment'
  | 'caldav'
  | 'user'
  | 'username'
  | 'notification';

export interface Person {
  username: string;
  token: string;
  id: number;
}

export interface World {
  me: Person;
  other: Person;
  /** Known ids by kind, the caller's and the foreign user's together. */
  ids: Map<Kind, (number | string)[]>;
}

let people = 0;

async function json(t: TestApp, method: 'PUT' | 'POST' | 'GET', url: string, token: string, body?: unknown) {
  const res = await t.request(method, url, { token, ...(body !== undefined ? { body } : {}) });
  return res.statusCode < 300 ? res.json() : undefined;
}

async function person(t: TestApp): Promise<Person> {
  const username = `fuzz${process.pid}x${++people}`;
  const { token, id } = await t.signUp(username);
  return { username, token, id };
}

/** One of everything for `p`, its ids added to `ids`. */
async function furnish(t: TestApp, p: Person, ids: Map<Kind, (number | string)[]>): Promise<void> {
  const add = (kind: Kind, value: number | string | undefined) => {
    if (value === undefined || value === null) return;
    ids.set(kind, [...(ids.get(kind) ?? []), value]);
  };
  add('user', p.id);
  add('username', p.username);
  const project = await json(t, 'PUT', '/api/v1/projects', p.token, { title: 'Fuzzed' });
  add('project', project?.id);
  if (!project) return;
  const task = await json(t, 'PUT', `/api/v1/projects/${project.id}/tasks`, p.token, {
    title: 'Fuzzed task',
  });
  add('task', task?.id);
  const second = await json(t, 'PUT', `/api/v1/projects/${project.id}/tasks`, p.token, {
    title: 'Other task',
  });
  add('task', second?.id);
  add('label', (await json(t, 'PUT', '/api/v1/labels', p.token, { title: 'fuzz' }))?.id);
  add('team', (await json(t, 'PUT', '/api/v1/teams', p.token, { name: 'Fuzzers' }))?.id);
  const filter = await json(t, 'PUT', '/api/v1/filters', p.token, {
    title: 'Open',
    filters: { filter: 'done = false' },
  });
  add('filter', filter?.id);
  if (filter) add('project', -filter.id - 1);
  const views = await json(t, 'GET', `/api/v1/projects/${project.id}/views`, p.token);
  for (const view of views ?? []) add('view', view.id);
  const kanban = (views ?? []).find((v: { view_kind: string | number }) =>
    ['kanban', 3].includes(v.view_kind),
  );
  if (kanban) {
    const buckets = await json(
      t,
      'GET',
      `/api/v1/projects/${project.id}/views/${kanban.id}/buckets`,
      p.token,
    );
    for (const bucket of buckets ?? []) add('bucket', bucket.id);
  }
  if (task) {
    add(
      'comment',
      (await json(t, 'PUT', `/api/v1/tasks/${task.id}/comments`, p.token, { comment: 'hi' }))?.id,
    );
    const upload = multipart([{ name: 'a.txt', type: 'text/plain', data: 'hello' }]);
    const attached = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/tasks/${task.id}/attachments`,
      headers: { authorization: `Bearer ${p.token}`, 'content-type': upload.contentType },
      payload: upload.body,
    });
    if (attached.statusCode < 300) add('attachment', attached.json().success?.[0]?.id);
  }
  const share = await json(t, 'PUT', `/api/v1/projects/${project.id}/shares`, p.token, { right: 0 });
  add('share', share?.id);
  add('hash', share?.hash);
  add(
    'webhook',
    (
      await json(t, 'PUT', `/api/v1/projects/${project.id}/webhooks`, p.token, {
        target_url: 'http://127.0.0.1:9/hook',
        events: ['task.created'],
      })
    )?.id,
  );
  add(
    'token',
    (
      await json(t, 'PUT', '/api/v1/tokens', p.token, {
        title: 'fuzz',
        permissions: { tasks: ['read_all'] },
        expires_at: new Date(Date.now() + 86_400_000).toISOString(),
      })
    )?.id,
  );
  add('caldav', (await json(t, 'PUT', '/api/v1/user/settings/token/caldav', p.token))?.id);
}

/** Two users and their objects, on a fresh app. */
export async function buildWorld(t: TestApp): Promise<World> {
  const world: World = { me: await person(t), other: await person(t), ids: new Map() };
  await refurnish(t, world);
  return world;
}

/** New objects for both users, as a fuzzed route may have deleted or spoilt the last ones. */
export async function refurnish(t: TestApp, world: World): Promise<void> {
  await keepSession(t, world);
  world.ids = new Map();
  await furnish(t, world.me, world.ids);
  await furnish(t, world.other, world.ids);
}

/**
 * The caller's session, still good after a request that may have ended it (logout, a password
 * change, a deletion).
 */
export async function keepSession(t: TestApp, world: World): Promise<void> {
  const me = await t.request('GET', '/api/v1/user', { token: world.me.token });
  if (me.statusCode === 200) return;
  // Logged out: log in again. Password changed or account gone: a new user.
  const login = await t.request('POST', '/api/v1/login', {
    body: { username: world.me.username, password: 'tidy-otter-42' },
  });
  if (login.statusCode === 200) {
    world.me = { ...world.me, token: login.json().token };
    return;
  }
  world.me = await person(t);
  await furnish(t, world.me, world.ids);
}

/** An id for a path parameter or body field of `kind`: a real one, another kind's, or made up. */
export function idOf(world: World, kind: Kind | undefined): fc.Arbitrary<number | string> {
  const known = kind ? (world.ids.get(kind) ?? []) : [];
  const everything = [...world.ids.values()].flat();
  const madeUp = fc.oneof(
    fc.integer({ min: -3, max: 100_000 }),
    hugeNumber,
    fc.constantFrom('abc', '1.5', '1e3', '0x10', ' 1', '%20', '99999999999999999999999', '-', '💥', '..'),
  );
  return fc.oneof(
    { weight: known.length ? 4 : 0, arbitrary: known.length ? fc.constantFrom(...known) : madeUp },
    { weight: 1, arbitrary: everything.length ? fc.constantFrom(...everything) : madeUp },
    { weight: 2, arbitrary: madeUp },
  );
}

/**
 * Live change events (core/live/changes.ts) over a real listening server and real ws clients:
 * who hears what (users who can read the project, never the others, not after a share is
 * revoked), the revocation notice, and the refusals and closes that protect the process from a
 * misbehaving socket without touching the others.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveClient } from './support/live-client.js';
import { type Person, type SharedProject, sharedProject } from './support/shared-project.js';
import { createTestApp, type TestApp } from './support/test-app.js';

/** Small limits, so a test reaches them quickly. */
const MAX_SUBSCRIPTIONS = 8;
const FRAME_BURST = 30;

let t: TestApp;
let base: string;
let p: SharedProject;
const open: LiveClient[] = [];

async function signedIn(person: Person): Promise<LiveClient> {
  const client = await LiveClient.open(`${base}/api/v1/ws`);
  open.push(client);
  await client.auth(person.token);
  return client;
}

/** A socket of `person` subscribed to the project's changes (and the tree, if asked). */
async function watching(person: Person, projectId: number, tree = false): Promise<LiveClient> {
  const client = await signedIn(person);
  client.send({ action: 'subscribe', event: 'project.changes', project_id: projectId });
  expect(await client.next()).toEqual({
    action: 'subscribe.success',
    event: 'project.changes',
    project_id: projectId,
  });
  if (tree) {
    client.send({ action: 'subscribe', event: 'projects.changes' });
    expect(await client.next()).toEqual({ action: 'subscribe.success', event: 'projects.changes' });
  }
  return client;
}

/** Every frame that arrives until things have been quiet for a moment. */
async function heard(client: LiveClient): Promise<{ event: string; data: Record<string, number> }[]> {
  await t.app.ordo.liveChanges.settled();
  return (await client.within(60)) as { event: string; data: Record<string, number> }[];
}

async function ok(method: string, url: string, token: string, body?: unknown) {
  const res = await t.request(method, url, { token, body });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
}

beforeAll(async () => {
  t = await createTestApp(
    {},
    {
      build: {
        liveTimings: { maxSubscriptions: MAX_SUBSCRIPTIONS, frameBurst: FRAME_BURST, framesPerSecond: 10 },
      },
    },
  );
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as { port: number };
  base = `ws://127.0.0.1:${port}`;
  p = await sharedProject(t, 'lc');
});

afterAll(async () => {
  for (const client of open) client.close();
  await t.close();
});

describe('subscribing to a project', () => {
  it('is granted to those who can read it and refused, with the reason, to the others', async () => {
    await watching(p.reader, p.projectId);
    const stranger = await signedIn(p.stranger);
    stranger.send({ action: 'subscribe', event: 'project.changes', project_id: p.projectId });
    expect(await stranger.next()).toEqual({
      error: 'forbidden',
      event: 'project.changes',
      project_id: p.projectId,
      reason: 'You cannot read this project.',
    });
    for (const bad of [undefined, 0, -3, 1.5, '5', 2 ** 60]) {
      stranger.send({ action: 'subscribe', event: 'project.changes', project_id: bad });
      expect(await stranger.next()).toMatchObject({ error: 'invalid_project' });
    }
    // Vikunja's own event is answered as before.
    stranger.send({ action: 'subscribe', event: 'task.updated' });
    expect(await stranger.next()).toEqual({ error: 'invalid_event', event: 'task.updated' });
  });
});

describe('changes', () => {
  it('reach readers of the project with ids and the actor, and nobody else', async () => {
    const reader = await watching(p.reader, p.projectId, true);
    const writer = await watching(p.writer, p.projectId);
    const stranger = await signedIn(p.stranger);
    stranger.send({ action: 'subscribe', event: 'projects.changes' });
    expect(await stranger.next()).toMatchObject({ action: 'subscribe.success' });

    const task = await p.task('Live one');
    const project = await ok('GET', `/api/v1/projects/${p.projectId}`, p.owner.token);
    const kanban = project.views.find((v: { view_kind: string }) => v.view_kind === 'kanban');
    const viewBase = `/api/v1/projects/${p.projectId}/views/${kanban.id}`;
    const bucket = await ok('PUT', `${viewBase}/buckets`, p.owner.token, { title: 'Doing' });
    await ok('POST', `${viewBase}/buckets/${bucket.id}/tasks`, p.writer.token, { task_id: task.id });
    await ok('PUT', `/api/v1/tasks/${task.id}/comments`, p.writer.token, { comment: 'hi' });
    const label = await ok('PUT', '/api/v1/labels', p.owner.token, { title: 'urgent' });
    await ok('PUT', `/api/v1/tasks/${task.id}/labels`, p.owner.token, { label_id: label.id });
    await ok('POST', `/api/v1/labels/${label.id}`, p.owner.token, { title: 'very urgent' });
    await ok('POST', `/api/v1/tasks/${task.id}`, p.owner.token, { ...task, done: true });
    await ok('POST', `/api/v1/projects/${p.projectId}`, p.owner.token, { ...project, title: 'lc renamed' });

    const expected = [
      ['task.created', { task_id: task.id, actor_id: p.owner.id }],
      ['bucket.created', { bucket_id: bucket.id, view_id: kanban.id, actor_id: p.owner.id }],
      ['task.updated', { task_id: task.id, actor_id: p.writer.id }],
      ['task.comment.created', { task_id: task.id, actor_id: p.writer.id }],
      ['task.labels.changed', { task_id: task.id, label_id: label.id }],
      ['label.updated', { label_id: label.id }],
      ['task.updated', { task_id: task.id, actor_id: p.owner.id }],
      ['project.updated', { actor_id: p.owner.id }],
    ] as const;
    for (const client of [reader, writer]) {
      const frames = await heard(client);
      // Subscribed to the project and the tree, the reader hears the rename once.
      expect(
        frames.map((f) => f.event),
        JSON.stringify(frames),
      ).toEqual(expected.map(([e]) => e));
      expected.forEach(([, data], i) => {
        expect(frames[i].data).toMatchObject({ project_id: p.projectId, ...data });
      });
    }
    expect(await heard(stranger)).toEqual([]);
  });

  it('name the web app tab that made them to that user’s sockets only, so the user’s other tabs refetch', async () => {
    const mine = await watching(p.writer, p.projectId);
    const other = await watching(p.reader, p.projectId);
    const task = await p.task('Tab echo');
    await heard(mine);
    await heard(other);
    const tab = 'tab-0123456789abcdef';
    const res = await t.request('POST', `/api/v1/tasks/${task.id}`, {
      token: p.writer.token,
      body: { ...task, title: 'Renamed in one tab' },
      headers: { 'X-Ordo-Tab': tab },
    });
    expect(res.statusCode, res.body).toBe(200);
    await ok('POST', `/api/v1/tasks/${task.id}`, p.writer.token, { ...task, title: 'Renamed by an app' });
    const [fromTab, fromApp] = await heard(mine);
    expect(fromTab.data).toMatchObject({ task_id: task.id, actor_id: p.writer.id, origin: tab });
    // A request without the header (a Vikunja app, CalDAV) names no tab: every tab refetches.
    expect(fromApp.data).not.toHaveProperty('origin');
    for (const frame of await heard(other)) expect(frame.data).not.toHaveProperty('origin');
    // A header of the wrong shape is ignored.
    await t.request('POST', `/api/v1/tasks/${task.id}`, {
      token: p.writer.token,
      body: { ...task, title: 'Odd tab' },
      headers: { 'X-Ordo-Tab': 'x"<script>' },
    });
    expect((await heard(mine))[0].data).not.toHaveProperty('origin');
  });

  it('of a bulk label edit and a bulk delete reach readers task by task, as single changes do', async () => {
    const a = await p.task('Bulk live A');
    const b = await p.task('Bulk live B');
    const reader = await watching(p.reader, p.projectId);
    const label = await ok('PUT', '/api/v1/labels', p.owner.token, { title: 'bulk live' });
    await ok('POST', '/api/v1/tasks/bulk', p.owner.token, {
      task_ids: [a.id, b.id],
      add_label_ids: [label.id],
    });
    await ok('POST', '/api/v1/tasks/bulk/delete', p.writer.token, { task_ids: [a.id, b.id] });
    const frames = (await heard(reader)).filter((f) => f.event.startsWith('task.'));
    const seen = frames.map((f) => [f.event, f.data.task_id]);
    for (const id of [a.id, b.id]) {
      expect(seen).toContainEqual(['task.labels.changed', id]);
      expect(seen).toContainEqual(['task.deleted', id]);
    }
    expect(frames.find((f) => f.event === 'task.deleted')?.data).toMatchObject({ actor_id: p.writer.id });
  });

  it('stop at a revoked share: the socket hears project.access_revoked once, then nothing (0 leaks)', async () => {
    const guest = await t.signUp('lcguest');
    const person = { ...guest, username: 'lcguest' };
    await ok('PUT', `/api/v1/projects/${p.projectId}/users`, p.owner.token, {
      username: 'lcguest',
      right: 0,
    });
    await t.app.ordo.liveChanges.settled();
    const socket = await watching(person, p.projectId, true);
    await p.task('Before');
    expect((await heard(socket)).map((f) => f.event)).toEqual(['task.created']);

    await ok('DELETE', `/api/v1/projects/${p.projectId}/users/lcguest`, p.owner.token);
    const after = await heard(socket);
    expect(after).toContainEqual({
      event: 'project.access_revoked',
      data: { project_id: p.projectId, reason: 'revoked', actor_id: p.owner.id },
    });
    // The tree hears the share change, so the sidebar drops the project.
    expect(after.map((f) => f.event).sort()).toEqual(['project.access_revoked', 'project.shares.changed']);

    // Every kind of change after the revocation: none reaches the former guest.
    const task = await p.task('After');
    await ok('PUT', `/api/v1/tasks/${task.id}/comments`, p.owner.token, { comment: 'secret' });
    await ok('POST', `/api/v1/tasks/${task.id}`, p.owner.token, { ...task, title: 'Secret title' });
    await ok('DELETE', `/api/v1/tasks/${task.id}`, p.owner.token);
    expect(await heard(socket)).toEqual([]);

    // Subscribing again is refused.
    socket.send({ action: 'subscribe', event: 'project.changes', project_id: p.projectId });
    expect(await socket.next()).toMatchObject({ error: 'forbidden' });
  });

  it('end with project.access_revoked (deleted) when the project is deleted', async () => {
    const project = await ok('PUT', '/api/v1/projects', p.owner.token, { title: 'Doomed' });
    await ok('PUT', `/api/v1/projects/${project.id}/users`, p.owner.token, {
      username: p.reader.username,
      right: 0,
    });
    // The share's own change is delivered before the reader starts watching.
    await t.app.ordo.liveChanges.settled();
    const reader = await watching(p.reader, project.id);
    await ok('DELETE', `/api/v1/projects/${project.id}`, p.owner.token);
    expect(await heard(reader)).toEqual([
      // Who deleted it, so that their own screens do not report it as something done to them.
      {
        event: 'project.access_revoked',
        data: { project_id: project.id, reason: 'deleted', actor_id: p.owner.id },
      },
    ]);
  });

  it('of the project tree reach only users who can read the project', async () => {
    const owner = await signedIn(p.owner);
    const stranger = await signedIn(p.stranger);
    for (const c of [owner, stranger]) {
      c.send({ action: 'subscribe', event: 'projects.changes' });
      expect(await c.next()).toMatchObject({ action: 'subscribe.success' });
    }
    const child = await ok('PUT', '/api/v1/projects', p.owner.token, {
      title: 'Child',
      parent_project_id: p.projectId,
    });
    expect(await heard(owner)).toEqual([
      { event: 'project.created', data: { project_id: child.id, actor_id: p.owner.id } },
    ]);
    expect(await heard(stranger)).toEqual([]);
  });

  it('tell of projects made from a template or as a duplicate as of any new project', async () => {
    const owner = await signedIn(p.owner);
    owner.send({ action: 'subscribe', event: 'projects.changes' });
    expect(await owner.next()).toMatchObject({ action: 'subscribe.success' });
    const template = await ok('PUT', `/api/v1/projects/${p.projectId}/template`, p.owner.token, {});
    const made = await ok('PUT', `/api/v1/templates/${template.id}/project`, p.owner.token, {});
    const copy = await ok('PUT', `/api/v1/projects/${p.projectId}/duplicate`, p.owner.token, {});
    expect(await heard(owner)).toEqual([
      { event: 'project.created', data: { project_id: made.id, actor_id: p.owner.id } },
      { event: 'project.created', data: { project_id: copy.duplicated_project.id, actor_id: p.owner.id } },
    ]);
  });
});

describe('changes made over CalDAV', () => {
  it('reach the readers of the project as changes through the API do', async () => {
    const reader = await watching(p.reader, p.projectId);
    const ics = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//live test//EN',
      'BEGIN:VTODO',
      'UID:live-over-dav',
      'SUMMARY:Written by a CalDAV app',
      'END:VTODO',
      'END:VCALENDAR',
      '',
    ].join('\r\n');
    const put = await t.app.inject({
      method: 'PUT',
      url: `/dav/projects/${p.projectId}/live-over-dav.ics`,
      headers: {
        authorization: `Basic ${Buffer.from(`${p.owner.username}:tidy-otter-42`).toString('base64')}`,
        'content-type': 'text/calendar',
      },
      payload: ics,
    });
    expect(put.statusCode, put.body).toBe(201);
    const pushed = await heard(reader);
    expect(pushed.map((f) => f.event)).toEqual(['task.created']);
    expect(pushed[0]?.data).toMatchObject({ project_id: p.projectId, actor_id: p.owner.id });
  });
});

describe('the project tree topic', () => {
  it('carries changes of the labels in readable projects and of the teams one is in, to nobody else', async () => {
    const tree = async (person: Person) => {
      const client = await signedIn(person);
      client.send({ action: 'subscribe', event: 'projects.changes' });
      expect(await client.next()).toMatchObject({ action: 'subscribe.success' });
      return client;
    };
    const task = await p.task('Labelled for the tree');
    const label = await ok('PUT', '/api/v1/labels', p.owner.token, { title: 'tree label' });
    await ok('PUT', `/api/v1/tasks/${task.id}/labels`, p.owner.token, { label_id: label.id });
    const team = await ok('PUT', '/api/v1/teams', p.owner.token, { name: 'tree crew' });
    await ok('PUT', `/api/v1/teams/${team.id}/members`, p.owner.token, { username: p.writer.username });
    await t.app.ordo.liveChanges.settled();
    const reader = await tree(p.reader);
    const writer = await tree(p.writer);
    const stranger = await tree(p.stranger);

    await ok('POST', `/api/v1/labels/${label.id}`, p.owner.token, { title: 'tree label renamed' });
    await ok('POST', `/api/v1/teams/${team.id}`, p.owner.token, { name: 'tree crew renamed' });
    const events = async (client: LiveClient) => (await heard(client)).map((f) => f.event);
    expect(await events(reader)).toEqual(['label.updated']);
    expect(await events(writer)).toEqual(['label.updated', 'team.updated']);
    expect(await events(stranger)).toEqual([]);
  });
});

describe('access that ends elsewhere', () => {
  it('ends the watch of a member who leaves the team the project is shared with', async () => {
    const team = await ok('PUT', '/api/v1/teams', p.owner.token, { name: 'lc crew' });
    await ok('PUT', `/api/v1/teams/${team.id}/members`, p.owner.token, { username: p.stranger.username });
    const project = await ok('PUT', '/api/v1/projects', p.owner.token, { title: 'lc team project' });
    await ok('PUT', `/api/v1/projects/${project.id}/teams`, p.owner.token, { team_id: team.id, right: 0 });
    await t.app.ordo.liveChanges.settled();
    const member = await watching(p.stranger, project.id);
    await ok('DELETE', `/api/v1/teams/${team.id}/members/${p.stranger.username}`, p.owner.token);
    expect(await heard(member)).toEqual([
      { event: 'project.access_revoked', data: { project_id: project.id, reason: 'revoked' } },
    ]);
    await ok('PUT', `/api/v1/projects/${project.id}/tasks`, p.owner.token, { title: 'Not for leavers' });
    expect(await heard(member)).toEqual([]);
  });
});

describe('a misbehaving socket', () => {
  it('sending garbage is ignored and keeps working', async () => {
    const client = await signedIn(p.owner);
    for (const junk of ['', 'nope', '{', '[]', 'null', '{"action":42}', '{"action":"subscribe","event":{}}'])
      client.send(junk);
    client.socket.send(Buffer.from([0, 1, 2]), { binary: true });
    client.send({ action: 'subscribe', event: 'project.changes', project_id: p.projectId });
    expect(await client.next()).toEqual({ error: 'invalid_event', event: '' });
    expect(await client.next()).toMatchObject({ action: 'subscribe.success' });
  });

  it('sending a 10 MB frame is closed (message too big) and the others keep hearing', async () => {
    const bystander = await watching(p.reader, p.projectId);
    const big = await signedIn(p.owner);
    big.send('x'.repeat(10 * 1024 * 1024));
    expect((await big.closed).code).toBe(1009);
    await p.task('Still live');
    expect((await heard(bystander)).map((f) => f.event)).toEqual(['task.created']);
  });

  it('holding more than the limit of subscriptions is refused the next one, with the reason', async () => {
    const client = await signedIn(p.owner);
    const ids: number[] = [];
    for (let i = 0; i < MAX_SUBSCRIPTIONS; i++)
      ids.push((await ok('PUT', '/api/v1/projects', p.owner.token, { title: `Many ${i}` })).id);
    // The creations' own changes are delivered before the socket starts watching those projects.
    await t.app.ordo.liveChanges.settled();
    client.send({ action: 'subscribe', event: 'notification.created' });
    for (const id of ids) client.send({ action: 'subscribe', event: 'project.changes', project_id: id });
    const answers = [];
    for (const _ of ids) answers.push(await client.next());
    expect(answers.slice(0, -1).every((a) => (a as { action?: string }).action === 'subscribe.success')).toBe(
      true,
    );
    expect(answers.at(-1)).toEqual({
      error: 'too_many_subscriptions',
      limit: MAX_SUBSCRIPTIONS,
      reason: `A socket may hold at most ${MAX_SUBSCRIPTIONS} subscriptions.`,
    });
    // Dropping one makes room again.
    client.send({ action: 'unsubscribe', event: 'notification.created' });
    client.send({ action: 'subscribe', event: 'project.changes', project_id: ids.at(-1) });
    expect(await client.next()).toMatchObject({ action: 'subscribe.success', project_id: ids.at(-1) });
  });

  it('flooding frames is closed with a reason, and the others keep hearing', async () => {
    const bystander = await watching(p.reader, p.projectId);
    const flood = await signedIn(p.owner);
    for (let i = 0; i < FRAME_BURST * 3; i++)
      flood.send({ action: 'unsubscribe', event: 'notification.created' });
    expect(await flood.closed).toEqual({ code: 1008, reason: 'rate limit exceeded' });
    await p.task('After the flood');
    expect((await heard(bystander)).map((f) => f.event)).toEqual(['task.created']);
  });
});

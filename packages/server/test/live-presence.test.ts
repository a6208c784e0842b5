/**
 * Presence (core/live/presence.ts) over a real listening server and real ws clients: who is at a
 * task is told to everyone there as they come and go, never to a socket elsewhere; entering needs
 * the project's change subscription and the read right; losing access takes a user out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LiveClient } from './support/live-client.js';
import { type Person, type SharedProject, sharedProject } from './support/shared-project.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let base: string;
let p: SharedProject;
const open: LiveClient[] = [];

interface PresencePush {
  event: string;
  data: { project_id: number; place: string; users: { id: number; username: string }[] };
}

async function watching(person: Person, projectId: number): Promise<LiveClient> {
  const client = await LiveClient.open(`${base}/api/v1/ws`);
  open.push(client);
  await client.auth(person.token);
  client.send({ action: 'subscribe', event: 'project.changes', project_id: projectId });
  expect(await client.next()).toMatchObject({ action: 'subscribe.success', project_id: projectId });
  return client;
}

function enter(client: LiveClient, place: string, projectId = p.projectId) {
  client.send({ action: 'subscribe', event: 'project.presence', project_id: projectId, place });
}

/** The names in the last presence push heard within a moment (pushes come in bursts). */
async function present(client: LiveClient): Promise<string[] | null> {
  const frames = (await client.within(250)) as PresencePush[];
  const last = frames.filter((f) => f.event === 'project.presence').at(-1);
  return last ? last.data.users.map((u) => u.username) : null;
}

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as { port: number };
  base = `ws://127.0.0.1:${port}`;
  p = await sharedProject(t, 'pr');
});

afterAll(async () => {
  for (const client of open) client.close();
  await t.close();
});

describe('presence at a task', () => {
  it('is told to everyone there as people come and go, and not to a socket elsewhere', async () => {
    const task = await p.task('Together');
    const place = `task:${task.id}`;
    const owner = await watching(p.owner, p.projectId);
    const reader = await watching(p.reader, p.projectId);
    const elsewhere = await watching(p.writer, p.projectId);

    enter(owner, place);
    expect(await owner.next()).toEqual({
      action: 'subscribe.success',
      event: 'project.presence',
      project_id: p.projectId,
      place,
    });
    expect(await present(owner)).toEqual(['prowner']);

    enter(reader, place);
    expect(await reader.next()).toMatchObject({ action: 'subscribe.success', place });
    expect(await present(owner)).toEqual(['prowner', 'prreader']);
    expect(await present(reader)).toEqual(['prowner', 'prreader']);

    // The writer is at the board, not at the task: it hears nothing of the task.
    enter(elsewhere, 'view:1');
    expect(await elsewhere.next()).toMatchObject({ action: 'subscribe.success', place: 'view:1' });
    expect(await present(elsewhere)).toEqual(['prwriter']);
    expect(await present(owner)).toBeNull();

    // Leaving by unsubscribing, then by closing the socket.
    reader.send({ action: 'unsubscribe', event: 'project.presence', project_id: p.projectId, place });
    expect(await present(owner)).toEqual(['prowner']);
    enter(reader, place);
    expect(await reader.next()).toMatchObject({ action: 'subscribe.success' });
    expect(await present(owner)).toEqual(['prowner', 'prreader']);
    reader.close();
    expect(await present(owner)).toEqual(['prowner']);
  });

  it('is refused without the project subscription, without the right, and for a place that is none', async () => {
    const stranger = await LiveClient.open(`${base}/api/v1/ws`);
    open.push(stranger);
    await stranger.auth(p.stranger.token);
    enter(stranger, 'task:1');
    expect(await stranger.next()).toEqual({
      error: 'not_subscribed',
      event: 'project.presence',
      project_id: p.projectId,
      reason: 'Subscribe to project.changes of this project first.',
    });
    stranger.send({ action: 'subscribe', event: 'project.changes', project_id: p.projectId });
    expect(await stranger.next()).toMatchObject({ error: 'forbidden' });
    enter(stranger, 'task:1');
    expect(await stranger.next()).toMatchObject({ error: 'not_subscribed' });

    const owner = await watching(p.owner, p.projectId);
    for (const place of ['board', 'task:0', 'task:1;view:2', 42]) {
      enter(owner, place as string);
      expect(await owner.next()).toMatchObject({ error: 'invalid_place' });
    }
  });

  it('loses a user whose share is revoked, who hears the revocation', async () => {
    const task = await p.task('Revoked');
    const place = `task:${task.id}`;
    const owner = await watching(p.owner, p.projectId);
    const writer = await watching(p.writer, p.projectId);
    enter(owner, place);
    enter(writer, place);
    await owner.next();
    await writer.next();
    expect(await present(owner)).toEqual(['prowner', 'prwriter']);

    const revoked = await t.request('DELETE', `/api/v1/projects/${p.projectId}/users/${p.writer.username}`, {
      token: p.owner.token,
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    await t.app.ordo.liveChanges.settled();
    expect(await present(owner)).toEqual(['prowner']);
    const toWriter = (await writer.within(250)) as { event: string }[];
    expect(toWriter.map((f) => f.event)).toContain('project.access_revoked');
  });
});

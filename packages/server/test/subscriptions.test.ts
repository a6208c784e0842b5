import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SharedProject, sharedProject } from './support/shared-project.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let p: SharedProject;

beforeAll(async () => {
  t = await createTestApp();
  p = await sharedProject(t, 'sub');
});
afterAll(async () => t.close());

const subscribe = (entity: string, id: number, token: string, method: 'PUT' | 'POST' = 'PUT') =>
  t.request(method, `/api/v1/subscriptions/${entity}/${id}`, { token });
const unsubscribe = (entity: string, id: number, token: string) =>
  t.request('DELETE', `/api/v1/subscriptions/${entity}/${id}`, { token });

async function childProject(parentId: number, title: string): Promise<number> {
  const res = await t.request('PUT', '/api/v1/projects', {
    token: p.owner.token,
    body: { title, parent_project_id: parentId },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

describe('subscriptions', () => {
  it('subscribes to a task (PUT or POST) and shows it on the task; unsubscribing removes it', async () => {
    const task = await p.task('watched');
    const res = await subscribe('task', task.id, p.reader.token, 'POST');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      entity: 'task',
      entity_id: task.id,
      created: expect.any(String),
    });
    const read = await t.request('GET', `/api/v1/tasks/${task.id}`, { token: p.reader.token });
    expect(read.json().subscription).toEqual(res.json());
    // Keys sit where the reference puts them: right after is_favorite.
    const keys = Object.keys(read.json());
    expect(keys[keys.indexOf('is_favorite') + 1]).toBe('subscription');
    // Another user's read does not carry the reader's subscription; lists carry none.
    const ownerRead = await t.request('GET', `/api/v1/tasks/${task.id}`, { token: p.owner.token });
    expect(ownerRead.json()).not.toHaveProperty('subscription');
    const list = await t.request('GET', `/api/v1/projects/${p.projectId}/tasks`, { token: p.reader.token });
    expect(list.json().find((x: { id: number }) => x.id === task.id)).not.toHaveProperty('subscription');

    expect((await subscribe('task', task.id, p.reader.token)).json().code).toBe(12002);
    const gone = await unsubscribe('task', task.id, p.reader.token);
    expect(gone.statusCode, gone.body).toBe(200);
    const after = await t.request('GET', `/api/v1/tasks/${task.id}`, { token: p.reader.token });
    expect(after.json()).not.toHaveProperty('subscription');
    expect((await unsubscribe('task', task.id, p.reader.token)).statusCode).toBe(403);
  });

  it('answers 12001 for an unknown entity, 404 for missing ones and 403 without access', async () => {
    const bad = await subscribe('label', 1, p.owner.token);
    expect(bad.statusCode).toBe(412);
    expect(bad.json().code).toBe(12001);
    expect((await unsubscribe('label', 1, p.owner.token)).json().code).toBe(12001);
    expect((await subscribe('task', 999999, p.owner.token)).json().code).toBe(4002);
    expect((await subscribe('project', 999999, p.owner.token)).json().code).toBe(3001);
    const task = await p.task();
    expect((await subscribe('task', task.id, p.stranger.token)).statusCode).toBe(403);
    expect((await subscribe('project', p.projectId, p.stranger.token)).statusCode).toBe(403);
  });

  it('a project subscription covers children and their tasks, shown with the parent entity_id', async () => {
    const parent = await childProject(p.projectId, 'sub parent');
    const child = await childProject(parent, 'sub child');
    const res = await subscribe('project', parent, p.writer.token);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().entity).toBe('project');

    const childRead = await t.request('GET', `/api/v1/projects/${child}`, { token: p.writer.token });
    expect(childRead.json().subscription).toMatchObject({ entity: 'project', entity_id: parent });
    const taskRes = await t.request('PUT', `/api/v1/projects/${child}/tasks`, {
      token: p.owner.token,
      body: { title: 'deep' },
    });
    const taskRead = await t.request('GET', `/api/v1/tasks/${taskRes.json().id}`, { token: p.writer.token });
    expect(taskRead.json().subscription).toMatchObject({ entity: 'project', entity_id: parent });

    // The project list carries each project's nearest subscription too.
    const list = await t.request('GET', '/api/v1/projects', { token: p.writer.token });
    const byId = new Map(list.json().map((x: { id: number }) => [x.id, x]));
    expect(byId.get(child)).toMatchObject({ subscription: { entity_id: parent } });
    expect(byId.get(p.projectId)).not.toHaveProperty('subscription');

    // Already covered through a parent: 12002 on the child and on its task.
    expect((await subscribe('project', child, p.writer.token)).json().code).toBe(12002);
    expect((await subscribe('task', taskRes.json().id, p.writer.token)).json().code).toBe(12002);
    // Unsubscribing from the child is not possible: the subscription is the parent's.
    expect((await unsubscribe('project', child, p.writer.token)).statusCode).toBe(403);
  });

  it('refuses link shares', async () => {
    const share = await t.request('PUT', `/api/v1/projects/${p.projectId}/shares`, {
      token: p.owner.token,
      body: { right: 0 },
    });
    expect(share.statusCode, share.body).toBe(201);
    const auth = await t.request('POST', `/api/v1/shares/${share.json().hash}/auth`, { body: {} });
    const linkToken = auth.json().token as string;
    expect((await subscribe('project', p.projectId, linkToken)).statusCode).toBe(403);
    expect((await t.request('GET', '/api/v1/notifications', { token: linkToken })).statusCode).toBe(403);
    expect((await t.request('POST', '/api/v1/notifications', { token: linkToken })).statusCode).toBe(403);
  });

  it('removes subscriptions with the task they belong to', async () => {
    const task = await p.task('short-lived');
    expect((await subscribe('task', task.id, p.reader.token)).statusCode).toBe(201);
    expect((await t.request('DELETE', `/api/v1/tasks/${task.id}`, { token: p.owner.token })).statusCode).toBe(
      200,
    );
    const rows = await t.app.ordo.db.kysely
      .selectFrom('subscriptions')
      .selectAll()
      .where('entity_type', '=', 'task')
      .where('entity_id', '=', task.id)
      .execute();
    expect(rows).toEqual([]);
  });
});

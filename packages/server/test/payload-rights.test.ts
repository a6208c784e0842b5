/**
 * Notifications and webhook deliveries show a task as their reader may see it: a related task
 * in a project the reader cannot open stays out (a related task they can open stays in), and a
 * project webhook stops hearing the project once its creator has lost access to it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SharedProject, sharedProject } from './support/shared-project.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver.js';

let t: TestApp;
let p: SharedProject;
let receiver: WebhookReceiver;

beforeAll(async () => {
  t = await createTestApp({ ORDO_WEBHOOKS_ALLOW_INTERNAL: '127.0.0.1' });
  p = await sharedProject(t, 'plr');
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

async function call(token: string, method: string, url: string, body?: unknown, status = 200) {
  const res = await t.request(method, `/api/v1${url}`, { token, body });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
  return res.json();
}

/** A task in a project of `token`'s own, which nobody else can read. */
async function privateTask(token: string, title: string): Promise<{ id: number }> {
  const project = await call(token, 'PUT', '/projects', { title: `${title} project` }, 201);
  return call(token, 'PUT', `/projects/${project.id}/tasks`, { title }, 201);
}

/** The titles of a serialised task's related tasks, sorted. */
// biome-ignore lint/suspicious/noExplicitAny: the task JSON of a payload
const relatedTitles = (task: any): string[] =>
  Object.values((task?.related_tasks ?? {}) as Record<string, { title: string }[]>)
    .flat()
    .map((r) => r.title)
    .sort();

describe('payloads shown as their reader sees them', () => {
  it('a notification leaves out a related task of a project its reader cannot open', async () => {
    const shared = await p.task('Shared work');
    const sibling = await p.task('Sibling in the shared project');
    const secret = await privateTask(p.writer.token, 'Writer secret');
    for (const other of [secret, sibling])
      await call(
        p.writer.token,
        'PUT',
        `/tasks/${shared.id}/relations`,
        {
          other_task_id: other.id,
          relation_kind: 'related',
        },
        201,
      );
    // The writer sees both; the owner, assigned by the writer, sees only the one they can open.
    expect(relatedTitles(await call(p.writer.token, 'GET', `/tasks/${shared.id}`))).toEqual([
      'Sibling in the shared project',
      'Writer secret',
    ]);
    await call(p.writer.token, 'PUT', `/tasks/${shared.id}/assignees`, { user_id: p.owner.id }, 201);
    await call(p.writer.token, 'PUT', `/tasks/${shared.id}/comments`, { comment: 'Have a look' }, 201);

    // biome-ignore lint/suspicious/noExplicitAny: the notifications' JSON
    const notifications: any[] = await call(p.owner.token, 'GET', '/notifications');
    const about = notifications.filter((n) => n.notification?.task?.id === shared.id);
    expect(about.map((n) => n.name).sort()).toEqual(['task.assigned', 'task.comment']);
    for (const n of about)
      expect(relatedTitles(n.notification.task)).toEqual(['Sibling in the shared project']);
  });

  it('a webhook gets the task as its creator sees it, and nothing once they lost access', async () => {
    const shared = await p.task('Hooked work');
    const sibling = await p.task('Hooked sibling');
    const secret = await privateTask(p.owner.token, 'Owner secret');
    for (const other of [secret, sibling])
      await call(
        p.owner.token,
        'PUT',
        `/tasks/${shared.id}/relations`,
        {
          other_task_id: other.id,
          relation_kind: 'related',
        },
        201,
      );
    const events = ['task.updated'];
    await call(
      p.writer.token,
      'PUT',
      `/projects/${p.projectId}/webhooks`,
      {
        target_url: `${receiver.url}/writer`,
        events,
      },
      201,
    );
    await call(
      p.owner.token,
      'PUT',
      `/projects/${p.projectId}/webhooks`,
      {
        target_url: `${receiver.url}/owner`,
        events,
      },
      201,
    );

    const update = async (title: string) => {
      const from = receiver.received.length;
      const task = await call(p.owner.token, 'GET', `/tasks/${shared.id}`);
      await call(p.owner.token, 'POST', `/tasks/${shared.id}`, { ...task, title });
      return from;
    };
    const deliveredTo = async (path: string, from: number) => {
      await expect.poll(() => receiver.received.slice(from).some((r) => r.path === path)).toBe(true);
      return receiver.received.slice(from).find((r) => r.path === path)!;
    };
    let from = await update('Hooked work, renamed');
    expect(relatedTitles((await deliveredTo('/writer', from)).json.data.task)).toEqual(['Hooked sibling']);
    expect(relatedTitles((await deliveredTo('/owner', from)).json.data.task)).toEqual([
      'Hooked sibling',
      'Owner secret',
    ]);

    // The writer's share ends: their webhook stays, but hears the project no more.
    await call(p.owner.token, 'DELETE', `/projects/${p.projectId}/users/${p.writer.username}`);
    from = await update('Hooked work, after the share ended');
    expect((await deliveredTo('/owner', from)).json.data.task.title).toBe(
      'Hooked work, after the share ended',
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.received.slice(from).map((r) => r.path)).toEqual(['/owner']);
  });
});

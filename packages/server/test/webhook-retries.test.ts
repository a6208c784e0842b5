/**
 * Webhook retries are kept in the database: a delivery that failed is retried by the next server
 * on the same database when the one that raised the event has stopped, and servers sharing a
 * database send each retry once.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyDatabase, createTestApp, type TestApp, testDialect } from './support/test-app.js';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver.js';

let receiver: WebhookReceiver;
let database: Awaited<ReturnType<typeof createEmptyDatabase>>;
const apps: TestApp[] = [];

beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(() => receiver.close());
afterEach(async () => {
  for (const app of apps.splice(0)) await app.close();
  await database?.drop();
});

// The receiver listens on this host, which webhooks may only reach when the operator allows it.
async function server(): Promise<TestApp> {
  const app = await createTestApp({ ORDO_WEBHOOKS_ALLOW_INTERNAL: '127.0.0.1' }, { on: database });
  apps.push(app);
  // Started as a listening server would be: its background jobs start once it is ready.
  await app.app.ready();
  return app;
}

/** A user with a project whose webhook hears task.created at `path`; a task made by `t` fires it. */
async function hooked(t: TestApp, name: string, path: string) {
  const { token } = await t.signUp(name);
  const project = await t.request('PUT', '/api/v1/projects', { token, body: { title: 'Hooks' } });
  const id = project.json().id as number;
  const hook = await t.request('PUT', `/api/v1/projects/${id}/webhooks`, {
    token,
    body: { target_url: `${receiver.url}${path}`, events: ['task.created'] },
  });
  expect(hook.statusCode, hook.body).toBe(201);
  return async (on: TestApp, title: string) => {
    const made = await on.request('PUT', `/api/v1/projects/${id}/tasks`, { token, body: { title } });
    expect(made.statusCode, made.body).toBe(201);
  };
}

const arrivedAt = (path: string, from: number) =>
  receiver.received.slice(from).filter((r) => r.path === path);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe(`webhook retries (${testDialect})`, () => {
  it('are sent by the next server on the database when the first stopped before its retry', async () => {
    database = await createEmptyDatabase(testDialect);
    const first = await server();
    const makeTask = await hooked(first, 'whr1', '/after-restart');
    const from = receiver.received.length;
    receiver.answerWith(503);
    await makeTask(first, 'Survives a restart');
    await receiver.next('task.created', from);
    // The retry is due a second later; this server stops before that.
    await first.close();
    apps.splice(apps.indexOf(first), 1);
    await pause(1_500);
    expect(arrivedAt('/after-restart', from)).toHaveLength(1);

    await server();
    const deadline = Date.now() + 10_000;
    while (arrivedAt('/after-restart', from).length < 2 && Date.now() < deadline) await pause(50);
    const attempts = arrivedAt('/after-restart', from);
    expect(attempts).toHaveLength(2);
    // The same bytes, so the same signature and time as the first attempt.
    expect(attempts[1].raw).toBe(attempts[0].raw);
  });

  it('are sent once by servers sharing the database', async () => {
    database = await createEmptyDatabase(testDialect);
    const [one] = [await server(), await server()];
    const makeTask = await hooked(one, 'whr2', '/shared');
    const from = receiver.received.length;
    receiver.answerWith(500, 500);
    await makeTask(one, 'Once each');
    // First attempt, then retries after 1 s and 5 s: the second retry is answered 200.
    const deadline = Date.now() + 12_000;
    while (arrivedAt('/shared', from).length < 3 && Date.now() < deadline) await pause(50);
    await pause(1_500);
    expect(arrivedAt('/shared', from)).toHaveLength(3);
  });
});

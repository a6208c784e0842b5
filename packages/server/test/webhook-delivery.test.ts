/**
 * Webhook delivery (reference §3.12) to a real HTTP receiver: the payload, the HMAC signature,
 * basic auth, which events reach which webhooks, retries, and that a slow or dead target never
 * holds up or fails the request that caused the event.
 */
import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registry } from '../src/modules/metrics/registry.js';
import { multipart } from './support/multipart.js';
import { parsePrometheusText, sampleValue } from './support/prometheus-text.js';
import { type SharedProject, sharedProject } from './support/shared-project.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver.js';

let t: TestApp;
let p: SharedProject;
let receiver: WebhookReceiver;

beforeAll(async () => {
  // The receiver listens on this host, which webhooks may only reach when the operator allows it.
  t = await createTestApp({ ORDO_WEBHOOKS_ALLOW_INTERNAL: '127.0.0.1' });
  p = await sharedProject(t, 'whd');
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

/** A value of this process's metrics. */
async function counted(name: string, labels: Record<string, string> = {}): Promise<number> {
  return sampleValue(parsePrometheusText(await registry.metrics()), name, labels);
}

async function hook(
  projectId: number,
  events: string[],
  extra: Record<string, unknown> = {},
  path = '/hook',
) {
  const res = await t.request('PUT', `/api/v1/projects/${projectId}/webhooks`, {
    token: p.owner.token,
    body: { target_url: `${receiver.url}${path}`, events, ...extra },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function project(
  title: string,
  parentId = 0,
  // biome-ignore lint/suspicious/noExplicitAny: the project JSON, read by the tests
): Promise<{ id: number; views: any[] } & Record<string, unknown>> {
  const res = await t.request('PUT', '/api/v1/projects', {
    token: p.owner.token,
    body: { title, parent_project_id: parentId },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function task(projectId: number, title: string) {
  const res = await t.request('PUT', `/api/v1/projects/${projectId}/tasks`, {
    token: p.owner.token,
    body: { title },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('webhook delivery', () => {
  it('POSTs the Vikunja payload, signed with the secret and with basic auth', async () => {
    const target = await project('Signed');
    await hook(target.id, ['task.created'], {
      secret: 'the-secret',
      basic_auth_user: 'hooky',
      basic_auth_password: 'p4ss',
    });
    const from = receiver.received.length;
    const created = await task(target.id, 'Deliver me');
    const got = await receiver.next('task.created', from);

    expect(got.path).toBe('/hook');
    expect(got.headers['content-type']).toBe('application/json');
    expect(got.headers['x-vikunja-signature']).toBe(
      createHmac('sha256', 'the-secret').update(got.raw).digest('hex'),
    );
    expect(got.headers.authorization).toBe(`Basic ${Buffer.from('hooky:p4ss').toString('base64')}`);
    expect(Object.keys(got.json)).toEqual(['event_name', 'time', 'data']);
    expect(new Date(got.json.time).getTime()).not.toBeNaN();
    expect(got.json.data.task).toMatchObject({ id: created.id, title: 'Deliver me', project_id: target.id });
    expect(got.json.data.doer).toMatchObject({ id: p.owner.id, username: p.owner.username });
    expect(got.json.data.doer).not.toHaveProperty('email');
    expect(got.json.data.project).toMatchObject({ id: target.id, title: 'Signed' });
  });

  it('sends no signature or authorization without a secret and basic auth', async () => {
    const target = await project('Plain');
    await hook(target.id, ['task.created'], { basic_auth_user: 'only-user' });
    const from = receiver.received.length;
    await task(target.id, 'Unsigned');
    const got = await receiver.next('task.created', from);
    expect(got.headers['x-vikunja-signature']).toBeUndefined();
    expect(got.headers.authorization).toBeUndefined();
  });

  it('reaches webhooks of the project and of the projects above it, only for the events they name', async () => {
    const parent = await project('Parent');
    const child = await project('Child', parent.id);
    await hook(parent.id, ['task.updated'], {}, '/parent');
    await hook(child.id, ['task.deleted'], {}, '/child');
    const from = receiver.received.length;
    const created = await task(child.id, 'Nested');
    const updated = await t.request('POST', `/api/v1/tasks/${created.id}`, {
      token: p.owner.token,
      body: { ...created, title: 'Nested, renamed' },
    });
    expect(updated.statusCode).toBe(200);
    const got = await receiver.next('task.updated', from);
    expect(got.path).toBe('/parent');
    expect(got.json.data.task.title).toBe('Nested, renamed');
    expect(
      (await t.request('DELETE', `/api/v1/tasks/${created.id}`, { token: p.owner.token })).statusCode,
    ).toBe(200);
    const deleted = await receiver.next('task.deleted', from);
    expect(deleted.path).toBe('/child');
    expect(deleted.json.data.task).toMatchObject({ id: created.id, title: 'Nested, renamed' });
    // Nothing else: no task.created (named by nobody), no task.deleted to the parent.
    expect(receiver.received.slice(from).map((r) => `${r.path} ${r.json.event_name}`)).toEqual([
      '/parent task.updated',
      '/child task.deleted',
    ]);
  });

  it('tells task.updated when a task is moved on the board (into the done bucket it is done)', async () => {
    const board = await project('Board');
    await hook(board.id, ['task.updated'], {}, '/board');
    const created = await task(board.id, 'Move me');
    const kanban = board.views.find((v: { view_kind: string }) => v.view_kind === 'kanban');
    const from = receiver.received.length;
    const moved = await t.request(
      'POST',
      `/api/v1/projects/${board.id}/views/${kanban.id}/buckets/${kanban.done_bucket_id}/tasks`,
      { token: p.owner.token, body: { task_id: created.id } },
    );
    expect(moved.statusCode, moved.body).toBe(200);
    const got = await receiver.next('task.updated', from);
    expect(got.path).toBe('/board');
    expect(got.json.data.task).toMatchObject({ id: created.id, done: true });
  });

  it('fires the task part, comment and project events it lists', async () => {
    const events = (await t.request('GET', '/api/v1/webhooks/events', { token: p.owner.token })).json();
    await hook(p.projectId, events, {}, '/everything');
    const from = receiver.received.length;
    const a = await p.task('A');
    const b = await p.task('B');
    const as = (method: 'PUT' | 'POST' | 'DELETE', url: string, body?: unknown) =>
      t.request(method, `/api/v1${url}`, { token: p.owner.token, body }).then((res) => {
        expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
        return res.json();
      });
    await as('PUT', `/tasks/${a.id}/assignees`, { user_id: p.writer.id });
    await as('DELETE', `/tasks/${a.id}/assignees/${p.writer.id}`);
    const comment = await as('PUT', `/tasks/${a.id}/comments`, { comment: 'first' });
    await as('POST', `/tasks/${a.id}/comments/${comment.id}`, { comment: 'edited' });
    await as('DELETE', `/tasks/${a.id}/comments/${comment.id}`);
    await as('PUT', `/tasks/${a.id}/relations`, { other_task_id: b.id, relation_kind: 'related' });
    await as('DELETE', `/tasks/${a.id}/relations/related/${b.id}`);
    const { body, contentType } = multipart([{ name: 'note.txt', type: 'text/plain', data: 'hello' }]);
    const upload = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/tasks/${a.id}/attachments`,
      headers: { authorization: `Bearer ${p.owner.token}`, 'content-type': contentType },
      payload: body,
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const attachment = upload.json().success[0];
    await as('DELETE', `/tasks/${a.id}/attachments/${attachment.id}`);
    const projectRow = (
      await t.request('GET', `/api/v1/projects/${p.projectId}`, { token: p.owner.token })
    ).json();
    await as('POST', `/projects/${p.projectId}`, { ...projectRow, title: 'Renamed project' });
    const newcomer = await t.signUp('whdnewcomer');
    await as('PUT', `/projects/${p.projectId}/users`, { username: 'whdnewcomer', right: 0 });
    const team = await as('PUT', '/teams', { name: 'Hook team' });
    await as('PUT', `/projects/${p.projectId}/teams`, { team_id: team.id, right: 0 });

    const byEvent = async (event: string) => (await receiver.next(event, from)).json.data;
    expect((await byEvent('task.assignee.created')).assignee).toMatchObject({ id: p.writer.id });
    expect((await byEvent('task.assignee.deleted')).assignee).toMatchObject({ id: p.writer.id });
    expect((await byEvent('task.comment.created')).comment).toMatchObject({
      id: comment.id,
      comment: 'first',
    });
    expect((await byEvent('task.comment.edited')).comment).toMatchObject({
      id: comment.id,
      comment: 'edited',
    });
    expect((await byEvent('task.comment.deleted')).comment).toMatchObject({ id: comment.id });
    expect((await byEvent('task.relation.created')).relation).toMatchObject({
      task_id: a.id,
      other_task_id: b.id,
    });
    expect((await byEvent('task.relation.deleted')).relation).toMatchObject({ relation_kind: 'related' });
    expect((await byEvent('task.attachment.created')).attachment).toMatchObject({ id: attachment.id });
    expect((await byEvent('task.attachment.deleted')).attachment.file).toMatchObject({ name: 'note.txt' });
    expect((await byEvent('project.updated')).project).toMatchObject({ title: 'Renamed project' });
    expect((await byEvent('project.shared.user')).user).toMatchObject({ id: newcomer.id });
    expect((await byEvent('project.shared.team')).team).toMatchObject({ id: team.id, name: 'Hook team' });
    const fired = new Set(receiver.received.slice(from).map((r) => r.json.event_name));
    expect(fired).toEqual(
      new Set(
        events.filter(
          (e: string) =>
            ![
              'project.deleted',
              'task.deleted',
              'task.updated',
              'task.reminder.fired',
              'task.overdue',
              'tasks.overdue',
            ].includes(e),
        ),
      ),
    );
  });

  it('tells a project webhook that its project was deleted, though the webhook goes with it', async () => {
    const doomed = await project('Doomed');
    await hook(doomed.id, ['project.deleted'], {}, '/doomed');
    const from = receiver.received.length;
    expect(
      (await t.request('DELETE', `/api/v1/projects/${doomed.id}`, { token: p.owner.token })).statusCode,
    ).toBe(200);
    const got = await receiver.next('project.deleted', from);
    expect(got.json.data.project).toMatchObject({ id: doomed.id, title: 'Doomed' });
    expect(got.json.data.doer).toMatchObject({ id: p.owner.id });
  });

  it('sends task.reminder.fired to the reminded user’s own webhook', async () => {
    const mine = await t.request('PUT', '/api/v1/user/settings/webhooks', {
      token: p.owner.token,
      body: { target_url: `${receiver.url}/mine`, events: ['task.reminder.fired'], secret: 'user-secret' },
    });
    expect(mine.statusCode, mine.body).toBe(200);
    const other = await t.request('PUT', '/api/v1/user/settings/webhooks', {
      token: p.stranger.token,
      body: { target_url: `${receiver.url}/stranger`, events: ['task.reminder.fired'] },
    });
    expect(other.statusCode).toBe(200);
    const from = receiver.received.length;
    const reminder = new Date(Date.now() - 60_000).toISOString().replace(/\.\d+Z$/, 'Z');
    // A project of its own, so the project webhook listening to everything above stays out of it.
    const quiet = await project('Reminders');
    const res = await t.request('PUT', `/api/v1/projects/${quiet.id}/tasks`, {
      token: p.owner.token,
      body: { title: 'Remind me', reminders: [{ reminder }] },
    });
    expect(res.statusCode, res.body).toBe(201);
    const due = res.json();
    await t.app.ordo.reminderNotifications.sweep(new Date());
    const got = await receiver.next('task.reminder.fired', from);
    expect(got.path).toBe('/mine');
    expect(got.headers['x-vikunja-signature']).toBe(
      createHmac('sha256', 'user-secret').update(got.raw).digest('hex'),
    );
    expect(got.json.data.task).toMatchObject({ id: due.id });
    expect(got.json.data.user).toMatchObject({ id: p.owner.id });
    expect(got.json.data.project).toMatchObject({ id: quiet.id });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(receiver.received.slice(from).map((r) => r.path)).toEqual(['/mine']);
  });

  it('reaches localhost when the operator allows the address it resolves to', async () => {
    const target = await project('Local');
    const port = new URL(receiver.url).port;
    const made = await t.request('PUT', `/api/v1/projects/${target.id}/webhooks`, {
      token: p.owner.token,
      body: { target_url: `http://localhost:${port}/local`, events: ['task.created'] },
    });
    expect(made.statusCode, made.body).toBe(201);
    const from = receiver.received.length;
    await task(target.id, 'Local delivery');
    expect((await receiver.next('task.created', from)).path).toBe('/local');
  });

  it('retries a failing target and succeeds on a later attempt', async () => {
    const target = await project('Flaky');
    await hook(target.id, ['task.created'], {}, '/flaky');
    const from = receiver.received.length;
    const retriesBefore = await counted('ordo_webhook_retries_total');
    const runsBefore = await counted('ordo_job_runs_total', { job: 'webhook_delivery' });
    receiver.answerWith(500);
    await task(target.id, 'Try again');
    await receiver.next('task.created', from);
    const deadline = Date.now() + 5_000;
    while (receiver.received.length - from < 2 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const attempts = receiver.received.slice(from);
    expect(attempts.map((r) => r.path)).toEqual(['/flaky', '/flaky']);
    expect(attempts[1].raw).toBe(attempts[0].raw);
    // One delivery, retried once, in the metrics (modules/metrics).
    expect(await counted('ordo_webhook_retries_total')).toBe(retriesBefore + 1);
    expect(await counted('ordo_job_runs_total', { job: 'webhook_delivery' })).toBe(runsBefore + 1);
  });

  it('never holds up or fails the request: a slow target and a dead one', async () => {
    const target = await project('Slow');
    await hook(target.id, ['task.created'], {}, '/slow');
    const dead = await t.request('PUT', `/api/v1/projects/${target.id}/webhooks`, {
      token: p.owner.token,
      body: { target_url: 'http://127.0.0.1:9/nobody-listens', events: ['task.created'] },
    });
    expect(dead.statusCode).toBe(201);
    receiver.delayAnswers(3_000);
    try {
      const from = receiver.received.length;
      const started = Date.now();
      await task(target.id, 'Quick');
      expect(Date.now() - started).toBeLessThan(1_500);
      await receiver.next('task.created', from);
    } finally {
      receiver.delayAnswers(0);
    }
  });
});

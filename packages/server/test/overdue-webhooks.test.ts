/**
 * The daily overdue webhook events (reference §3.12: `task.overdue`, `tasks.overdue`), delivered
 * to a real HTTP receiver. No SMTP server is set up: the events go out without mail. The sweeps
 * run on a clock of the test's own (2030), so the server's own once-a-minute sweep on the real
 * clock never finds these tasks overdue.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { projectOf, taskOf } from './support/people-projects.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { type Received, startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver.js';

let t: TestApp;
let receiver: WebhookReceiver;
beforeAll(async () => {
  // The receiver listens on this host, which webhooks may only reach when the operator allows it.
  t = await createTestApp({ ORDO_WEBHOOKS_ALLOW_INTERNAL: '127.0.0.1' });
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

interface User {
  token: string;
  id: number;
  username: string;
}

async function user(username: string, settings: Record<string, unknown> = {}): Promise<User> {
  const { token, id } = await t.signUp(username);
  const current = (await t.request('GET', '/api/v1/user/settings/general', { token })).json();
  const saved = await t.request('POST', '/api/v1/user/settings/general', {
    token,
    body: { ...current, ...settings },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return { token, id, username };
}

const project = (owner: User, title: string, readers: User[] = []) => projectOf(t, owner, title, readers);
const task = (who: User, projectId: number, body: Record<string, unknown>) => taskOf(t, who, projectId, body);

async function userHook(who: User, path: string, events: string[]): Promise<void> {
  const res = await t.request('PUT', '/api/v1/user/settings/webhooks', {
    token: who.token,
    body: { target_url: `${receiver.url}${path}`, events },
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function projectHook(who: User, projectId: number, path: string, events: string[]): Promise<void> {
  const res = await t.request('PUT', `/api/v1/projects/${projectId}/webhooks`, {
    token: who.token,
    body: { target_url: `${receiver.url}${path}`, events },
  });
  expect(res.statusCode, res.body).toBe(201);
}

/** Everything delivered since `from`, once the deliveries under way have finished. */
async function deliveredSince(from: number): Promise<Received[]> {
  await t.app.ordo.webhookDeliveries.settled(5_000);
  return receiver.received.slice(from);
}

const sweep = (at: string) => t.app.ordo.overdueEvents!.sweep(new Date(at));

describe('overdue webhook events', () => {
  it('fire once a day at the user’s time: task.overdue per task and one tasks.overdue, once across processes', async () => {
    const olga = await user('owh_olga', { timezone: 'Europe/Paris', overdue_tasks_reminders_time: '09:00' });
    const boss = await user('owh_boss', { overdue_tasks_reminders_enabled: false });
    const home = await project(olga, 'Home');
    const work = await project(boss, 'Work', [olga]);
    const archived = await project(olga, 'Old stuff');
    const rent = await task(olga, home, { title: 'Pay the rent', due_date: '2030-01-13T17:00:00Z' });
    const report = await task(boss, work, {
      title: 'Send the report',
      due_date: '2030-01-14T09:00:00Z',
      assignees: [{ id: olga.id }],
    });
    await task(boss, work, { title: 'Not hers', due_date: '2030-01-10T09:00:00Z' });
    await task(olga, home, { title: 'Done already', due_date: '2030-01-12T09:00:00Z', done: true });
    await task(olga, home, { title: 'Due after her time', due_date: '2030-01-15T08:30:00Z' });
    await task(olga, archived, { title: 'In the archive', due_date: '2030-01-11T09:00:00Z' });
    const archiving = await t.request('POST', `/api/v1/projects/${archived}`, {
      token: olga.token,
      body: { title: 'Old stuff', is_archived: true },
    });
    expect(archiving.statusCode, archiving.body).toBe(200);

    await userHook(olga, '/olga', ['task.overdue', 'tasks.overdue']);
    await userHook(boss, '/boss', ['task.overdue', 'tasks.overdue']);
    await projectHook(olga, home, '/home', ['task.overdue', 'tasks.overdue']);
    await projectHook(boss, work, '/work-created', ['task.created']);

    const from = receiver.received.length;
    // 09:00 in Paris is 08:00 UTC in January.
    expect(await sweep('2030-01-15T07:59:00Z')).toBe(0);
    expect(await deliveredSince(from)).toEqual([]);

    const other = await buildApp(t.config, { logger: false, prepareDatabase: false });
    try {
      const now = new Date('2030-01-15T08:00:20Z');
      const fired = await Promise.all([
        t.app.ordo.overdueEvents!.sweep(now),
        other.ordo.overdueEvents!.sweep(now),
        t.app.ordo.overdueEvents!.sweep(now),
      ]);
      expect(fired.reduce((a, b) => a + b, 0)).toBe(1);
      await other.ordo.webhookDeliveries.settled(5_000);
    } finally {
      await other.close();
    }
    // Later sweeps of the same day fire nothing more.
    expect(await sweep('2030-01-15T08:40:00Z')).toBe(0);

    const got = await deliveredSince(from);
    const sent = got.map((r) => `${r.path} ${r.json.event_name} ${r.json.data.task?.id ?? '-'}`).sort();
    expect(sent).toEqual(
      [
        `/home task.overdue ${rent}`,
        `/olga task.overdue ${rent}`,
        `/olga task.overdue ${report}`,
        '/olga tasks.overdue -',
      ].sort(),
    );

    const single = got.find((r) => r.path === '/olga' && r.json.data.task?.id === report)!;
    expect(single.json.data.task).toMatchObject({ id: report, title: 'Send the report', project_id: work });
    expect(single.json.data.user).toMatchObject({ id: olga.id, username: olga.username });
    expect(single.json.data.project).toMatchObject({ id: work, title: 'Work' });

    const digest = got.find((r) => r.json.event_name === 'tasks.overdue')!;
    expect(digest.json.data.user).toMatchObject({ id: olga.id });
    expect(digest.json.data.tasks.map((x: { id: number }) => x.id).sort()).toEqual([rent, report].sort());
    expect(digest.json.data.tasks.find((x: { id: number }) => x.id === rent)).toMatchObject({
      title: 'Pay the rent',
      due_date: '2030-01-13T17:00:00Z',
    });
    expect(digest.json.data.projects[String(home)]).toMatchObject({ id: home, title: 'Home' });
    expect(digest.json.data.projects[String(work)]).toMatchObject({ id: work, title: 'Work' });
    expect(Object.keys(digest.json.data.projects)).toHaveLength(2);

    // The next day fires again, with what is overdue by then.
    const next = receiver.received.length;
    expect(await sweep('2030-01-16T08:05:00Z')).toBe(1);
    const nextDay = await deliveredSince(next);
    expect(nextDay.filter((r) => r.json.event_name === 'tasks.overdue')).toHaveLength(1);
    expect(nextDay.find((r) => r.json.event_name === 'tasks.overdue')!.json.data.tasks).toHaveLength(3);
  });

  it('leave out users who turned the overdue reminder off, tasks they can no longer read, and need a webhook', async () => {
    const off = await user('owh_off', {
      overdue_tasks_reminders_enabled: false,
      overdue_tasks_reminders_time: '06:15',
    });
    const lost = await user('owh_lost', { overdue_tasks_reminders_time: '06:15' });
    const quiet = await user('owh_quiet', { overdue_tasks_reminders_time: '06:15' });
    const owner = await user('owh_owner', { overdue_tasks_reminders_enabled: false });
    await task(off, await project(off, 'Off'), { title: 'Late', due_date: '2030-04-01T09:00:00Z' });
    // Assigned to a task in a project that is then no longer shared with them.
    const gone = await project(owner, 'Gone', [lost]);
    await task(owner, gone, {
      title: 'Was theirs',
      due_date: '2030-04-01T09:00:00Z',
      assignees: [{ id: lost.id }],
    });
    const shares = await t.request('DELETE', `/api/v1/projects/${gone}/users/${lost.username}`, {
      token: owner.token,
    });
    expect(shares.statusCode, shares.body).toBe(200);
    // Overdue, but no webhook of theirs or of the project names the events.
    await task(quiet, await project(quiet, 'Quiet'), { title: 'Unheard', due_date: '2030-04-01T09:00:00Z' });
    await userHook(off, '/off', ['tasks.overdue']);
    await userHook(lost, '/lost', ['task.overdue', 'tasks.overdue']);

    const from = receiver.received.length;
    // The sweep claims only users with something to tell: `quiet` is claimed but hears nothing.
    expect(await sweep('2030-04-05T06:15:00Z')).toBe(1);
    expect(await deliveredSince(from)).toEqual([]);
    const claimed = await t.app.ordo.db.kysely
      .selectFrom('overdue_webhook_days')
      .select('user_id')
      .where('user_id', 'in', [off.id, lost.id, quiet.id])
      .execute();
    expect(claimed.map((r) => r.user_id)).toEqual([quiet.id]);
  });
  it('a project webhook of someone else gets the overdue task as its creator sees it', async () => {
    const ines = await user('owh_ines', { timezone: 'UTC', overdue_tasks_reminders_time: '09:00' });
    const watcher = await user('owh_watcher');
    const shared = await project(ines, 'Shared garden');
    // Write access: a webhook needs it.
    const sharing = await t.request('PUT', `/api/v1/projects/${shared}/users`, {
      token: ines.token,
      body: { username: watcher.username, right: 1 },
    });
    expect(sharing.statusCode, sharing.body).toBe(201);
    const privateProject = await project(ines, 'Ines private');
    const late = await task(ines, shared, { title: 'Mow late', due_date: '2031-01-31T10:00:00Z' });
    const sibling = await task(ines, shared, { title: 'Shared sibling' });
    const secret = await task(ines, privateProject, { title: 'Ines secret' });
    for (const other of [sibling, secret]) {
      const related = await t.request('PUT', `/api/v1/tasks/${late}/relations`, {
        token: ines.token,
        body: { other_task_id: other, relation_kind: 'related' },
      });
      expect(related.statusCode, related.body).toBe(201);
    }
    await projectHook(watcher, shared, '/watcher', ['task.overdue']);
    await projectHook(ines, shared, '/ines', ['task.overdue']);

    const from = receiver.received.length;
    await sweep('2031-02-01T09:00:20Z');
    const got = await deliveredSince(from);
    const related = (path: string) => {
      const task = got.find((r) => r.path === path && r.json.data.task?.id === late)?.json.data.task;
      return Object.values((task?.related_tasks ?? {}) as Record<string, { title: string }[]>)
        .flat()
        .map((r) => r.title)
        .sort();
    };
    expect(related('/ines')).toEqual(['Ines secret', 'Shared sibling']);
    expect(related('/watcher')).toEqual(['Shared sibling']);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { type Person, type SharedProject, sharedProject } from './support/shared-project.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let p: SharedProject;

beforeAll(async () => {
  t = await createTestApp();
  p = await sharedProject(t, 'rem');
});
afterAll(async () => t.close());

const iso = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

async function remindersOf(who: Person, taskId: number) {
  const res = await t.request('GET', '/api/v1/notifications', { token: who.token });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { name: string; notification: Record<string, { id: number } | null> }[]).filter(
    (n) => n.name === 'task.reminder' && n.notification.task?.id === taskId,
  );
}

describe('task.reminder notifications', () => {
  it('reach the creator, the assignees and the subscribers once, even with two processes sweeping', async () => {
    const due = Date.now() - 60_000;
    const task = await p.task('call the printer', {
      reminders: [{ reminder: iso(due) }],
      assignees: [{ id: p.reader.id }],
    });
    expect(
      (await t.request('PUT', `/api/v1/subscriptions/task/${task.id}`, { token: p.writer.token })).statusCode,
    ).toBe(201);
    // A second Ordo process on the same database sweeps at the same moment.
    const other = await buildApp(t.config, { logger: false, prepareDatabase: false });
    try {
      const now = new Date();
      const claims = await Promise.all([
        t.app.ordo.reminderNotifications.sweep(now),
        other.ordo.reminderNotifications.sweep(now),
        t.app.ordo.reminderNotifications.sweep(now),
      ]);
      expect(claims.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(1);
    } finally {
      await other.close();
    }
    for (const who of [p.owner, p.reader, p.writer]) {
      const found = await remindersOf(who, task.id);
      expect(found, who.username).toHaveLength(1);
      expect(Object.keys(found[0].notification)).toEqual(['task', 'project', 'reminder']);
      expect(found[0].notification).toMatchObject({ project: { id: p.projectId }, reminder: null });
    }
    expect(await remindersOf(p.stranger, task.id)).toEqual([]);
    // Sweeping again later sends nothing more, and neither does saving the task anew.
    await t.request('POST', `/api/v1/tasks/${task.id}`, {
      token: p.owner.token,
      body: { ...task, reminders: [{ reminder: iso(due) }], assignees: [{ id: p.reader.id }] },
    });
    await t.app.ordo.reminderNotifications.sweep(new Date());
    expect(await remindersOf(p.owner, task.id)).toHaveLength(1);
  });

  it('waits for a reminder to fall due, and skips done tasks and reminders over an hour old', async () => {
    const soon = Date.now() + 5 * 60_000;
    const later = await p.task('later', { reminders: [{ reminder: iso(soon) }] });
    const done = await p.task('done already', {
      done: true,
      reminders: [{ reminder: iso(Date.now() - 60_000) }],
    });
    const stale = await p.task('stale', { reminders: [{ reminder: iso(Date.now() - 2 * 3600_000) }] });
    await t.app.ordo.reminderNotifications.sweep(new Date());
    for (const id of [later.id, done.id, stale.id]) expect(await remindersOf(p.owner, id)).toEqual([]);
    await t.app.ordo.reminderNotifications.sweep(new Date(soon + 1000));
    expect(await remindersOf(p.owner, later.id)).toHaveLength(1);
  });
});

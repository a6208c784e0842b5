import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SharedProject, sharedProject } from './support/shared-project.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let p: SharedProject;

beforeAll(async () => {
  t = await createTestApp();
  p = await sharedProject(t, 'rem');
});
afterAll(async () => t.close());

const update = (id: number, body: Record<string, unknown>, token = p.owner.token) =>
  t.request('POST', `/api/v1/tasks/${id}`, { token, body: { title: 'Reminded', ...body } });

describe('reminders', () => {
  it('stores absolute reminders sorted by date, once per instant', async () => {
    const task = await p.task('Reminded', {
      reminders: [
        { reminder: '2030-02-11T10:00:00Z' },
        { reminder: '2030-02-10T12:00:00+02:00' },
        { reminder: '2030-02-11T10:00:00Z' },
      ],
    });
    expect(task.reminders).toEqual([
      { reminder: '2030-02-10T10:00:00Z', relative_period: 0, relative_to: '' },
      { reminder: '2030-02-11T10:00:00Z', relative_period: 0, relative_to: '' },
    ]);
    const read = await t.request('GET', `/api/v1/tasks/${task.id}`, { token: p.reader.token });
    expect(read.json().reminders).toHaveLength(2);
  });

  it('computes relative reminders from their date and keeps them in step when the date changes', async () => {
    const task = await p.task('Reminded', {
      due_date: '2030-05-01T12:00:00Z',
      reminders: [{ relative_to: 'due_date', relative_period: -3600 }],
    });
    expect(task.reminders).toEqual([
      { reminder: '2030-05-01T11:00:00Z', relative_period: -3600, relative_to: 'due_date' },
    ]);
    const moved = await update(task.id, {
      due_date: '2030-06-01T08:00:00Z',
      reminders: [{ relative_to: 'due_date', relative_period: -3600 }],
    });
    expect(moved.json().reminders).toEqual([
      { reminder: '2030-06-01T07:00:00Z', relative_period: -3600, relative_to: 'due_date' },
    ]);
    // Without the base date the reminder has no instant.
    const unset = await update(task.id, { reminders: [{ relative_to: 'end_date', relative_period: 60 }] });
    expect(unset.json().reminders).toEqual([
      { reminder: '0001-01-01T00:00:00Z', relative_period: 60, relative_to: 'end_date' },
    ]);
  });

  it('replaces reminders on update; omitted, null or [] clears them', async () => {
    const task = await p.task('Reminded', { reminders: [{ reminder: '2030-01-01T00:00:00Z' }] });
    for (const reminders of [undefined, null, []]) {
      await update(task.id, { reminders: [{ reminder: '2030-01-01T00:00:00Z' }] });
      const res = await update(task.id, reminders === undefined ? {} : { reminders });
      expect(res.json().reminders).toBeNull();
    }
  });

  it('refuses a period without what it is relative to (4022) and bad input', async () => {
    const task = await p.task();
    const res = await update(task.id, { reminders: [{ relative_period: -60 }] });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(4022);
    const badBase = await update(task.id, { reminders: [{ relative_to: 'done_at', relative_period: -60 }] });
    expect(badBase.statusCode).toBe(412);
    expect(badBase.json().code).toBe(2002);
    const badDate = await update(task.id, { reminders: [{ reminder: '2030-01-01' }] });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().code).toBe(2004);
    const create = await t.request('PUT', `/api/v1/projects/${p.projectId}/tasks`, {
      token: p.owner.token,
      body: { title: 'x', reminders: [{ relative_period: 10 }] },
    });
    expect(create.json().code).toBe(4022);
  });

  it('read-only shares and strangers cannot set reminders', async () => {
    const task = await p.task();
    const reader = await update(
      task.id,
      { reminders: [{ reminder: '2030-01-01T00:00:00Z' }] },
      p.reader.token,
    );
    expect(reader.statusCode).toBe(403);
    const stranger = await update(
      task.id,
      { reminders: [{ reminder: '2030-01-01T00:00:00Z' }] },
      p.stranger.token,
    );
    expect(stranger.statusCode).toBe(403);
    expect(stranger.body).not.toContain('2030');
  });

  it('filters task lists by reminder dates', async () => {
    const early = await p.task('Early', { reminders: [{ reminder: '2031-01-01T09:00:00Z' }] });
    const late = await p.task('Late', { reminders: [{ reminder: '2031-06-01T09:00:00Z' }] });
    const none = await p.task('None');
    const list = async (filter: string, nulls = false) => {
      const res = await t.request(
        'GET',
        `/api/v1/projects/${p.projectId}/tasks?filter=${encodeURIComponent(filter)}&filter_include_nulls=${nulls}&filter_timezone=UTC`,
        { token: p.owner.token },
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json().map((x: { id: number }) => x.id);
    };
    const after = await list('reminders > 2031-03-01');
    expect(after).toContain(late.id);
    expect(after).not.toContain(early.id);
    expect(after).not.toContain(none.id);
    const withNulls = await list('reminders > 2031-03-01', true);
    expect(withNulls).toContain(none.id);
    expect(withNulls).not.toContain(early.id);
  });

  it('range conditions on reminders joined with && must hold for the same reminder', async () => {
    const around = await p.task('Around', {
      priority: 2,
      reminders: [{ reminder: '2032-01-01T09:00:00Z' }, { reminder: '2032-12-01T09:00:00Z' }],
    });
    const inside = await p.task('Inside', { priority: 2, reminders: [{ reminder: '2032-05-01T09:00:00Z' }] });
    const list = async (filter: string) => {
      const res = await t.request(
        'GET',
        `/api/v1/projects/${p.projectId}/tasks?filter=${encodeURIComponent(filter)}&filter_timezone=UTC`,
        { token: p.owner.token },
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json().map((x: { id: number }) => x.id);
    };
    const range = await list('reminders > 2032-03-01 && reminders < 2032-06-01');
    expect(range).toContain(inside.id);
    expect(range).not.toContain(around.id);
    const withOther = await list('priority = 2 && reminders > 2032-03-01 && reminders < 2032-06-01');
    expect(withOther).toEqual([inside.id]);
    // With || each condition stands alone.
    const either = await list('reminders < 2032-02-01 || reminders > 2032-11-01');
    expect(either).toContain(around.id);
    expect(either).not.toContain(inside.id);
  });
});

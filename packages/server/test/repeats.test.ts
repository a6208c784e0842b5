import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SharedProject, sharedProject } from './support/shared-project.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let p: SharedProject;

beforeAll(async () => {
  t = await createTestApp();
  p = await sharedProject(t, 'rep');
});
afterAll(async () => t.close());

const HOUR = 3600;
const DAY = 24 * HOUR;
const TEN_YEARS = 315_360_000;

const update = (id: number, body: Record<string, unknown>) =>
  t.request('POST', `/api/v1/tasks/${id}`, { token: p.owner.token, body: { title: 'Repeating', ...body } });

function addSeconds(iso: string, seconds: number): string {
  return `${new Date(new Date(iso).getTime() + seconds * 1000).toISOString().slice(0, 19)}Z`;
}

describe('repeating tasks', () => {
  it('accepts up to ten years; beyond answers 4029', async () => {
    const task = await p.task('Repeating');
    const ok = await update(task.id, { repeat_after: TEN_YEARS });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().repeat_after).toBe(TEN_YEARS);
    const tooLong = await update(task.id, { repeat_after: TEN_YEARS + 1 });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().code).toBe(4029);
    const badMode = await update(task.id, { repeat_mode: 3 });
    expect(badMode.statusCode).toBe(412);
  });

  it('done on an interval task moves future dates and reminders one interval and keeps it open', async () => {
    // Far ahead: dates already past would move on until they are in the future, not by one interval.
    const due = '2099-01-10T09:00:00Z';
    const task = await p.task('Repeating', { due_date: due, repeat_after: DAY });
    const body = {
      due_date: due,
      start_date: '2099-01-09T09:00:00Z',
      repeat_after: DAY,
      reminders: [{ reminder: '2099-01-10T08:00:00Z' }, { relative_to: 'due_date', relative_period: -1800 }],
      description: '<ul data-type="taskList"><li data-type="taskItem" data-checked="true">x</li></ul>',
      done: true,
    };
    const res = await update(task.id, body);
    expect(res.statusCode, res.body).toBe(200);
    const done = res.json();
    expect(done.done).toBe(false);
    expect(done.done_at).not.toBe('0001-01-01T00:00:00Z');
    expect(done.due_date).toBe(addSeconds(due, DAY));
    expect(done.start_date).toBe('2099-01-10T09:00:00Z');
    expect(done.end_date).toBe('0001-01-01T00:00:00Z');
    expect(done.reminders).toEqual([
      { reminder: '2099-01-11T08:00:00Z', relative_period: 0, relative_to: '' },
      { reminder: '2099-01-11T08:30:00Z', relative_period: -1800, relative_to: 'due_date' },
    ]);
    expect(done.description).toContain('data-checked="false"');
  });

  it('done on an overdue interval task lands after now', async () => {
    const task = await p.task('Repeating');
    const res = await update(task.id, { due_date: '2020-01-01T00:00:00Z', repeat_after: HOUR, done: true });
    const due = new Date(res.json().due_date).getTime();
    expect(res.json().done).toBe(false);
    expect(due).toBeGreaterThan(Date.now());
    expect(due).toBeLessThanOrEqual(Date.now() + HOUR * 1000 + 5000);
  });

  it('monthly mode moves dates by a calendar month', async () => {
    const task = await p.task('Repeating');
    const res = await update(task.id, {
      due_date: '2040-01-15T10:00:00Z',
      reminders: [{ reminder: '2040-01-14T10:00:00Z' }],
      repeat_mode: 1,
      done: true,
    });
    expect(res.json()).toMatchObject({ done: false, repeat_mode: 1, due_date: '2040-02-15T10:00:00Z' });
    expect(res.json().reminders[0].reminder).toBe('2040-02-14T10:00:00Z');
  });

  it('from-current-date mode puts the due date an interval from now', async () => {
    const task = await p.task('Repeating');
    const before = Date.now();
    const res = await update(task.id, {
      due_date: '2040-01-15T10:00:00Z',
      repeat_after: DAY,
      repeat_mode: 2,
      done: true,
    });
    const due = new Date(res.json().due_date).getTime();
    expect(res.json().done).toBe(false);
    expect(due).toBeGreaterThanOrEqual(before - 1000 + DAY * 1000);
    expect(due).toBeLessThanOrEqual(Date.now() + DAY * 1000 + 1000);
  });

  it('a body of done alone completes the stored repeat: the task stays open, its dates move (§5.8)', async () => {
    const due = '2099-03-01T08:00:00Z';
    const task = await p.task('Water the plants', { due_date: due, repeat_after: DAY });
    const res = await t.request('POST', `/api/v1/tasks/${task.id}`, {
      token: p.owner.token,
      body: { done: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ done: false, due_date: addSeconds(due, DAY), repeat_after: DAY });
    expect(res.json().done_at).not.toBe('0001-01-01T00:00:00Z');
    // Read back: the next occurrence, still repeating.
    const stored = await t.request('GET', `/api/v1/tasks/${task.id}`, { token: p.owner.token });
    expect(stored.json()).toMatchObject({ done: false, due_date: addSeconds(due, DAY), repeat_after: DAY });
    // Without a repeat, done alone is done, and the omitted date resets as a full replace does.
    const plain = await p.task('Plain', { due_date: due });
    const done = await t.request('POST', `/api/v1/tasks/${plain.id}`, {
      token: p.owner.token,
      body: { done: true },
    });
    expect(done.json()).toMatchObject({ done: true, due_date: '0001-01-01T00:00:00Z' });
  });

  it('a task without a repeat stays done', async () => {
    const task = await p.task('Repeating');
    const res = await update(task.id, { due_date: '2040-01-15T10:00:00Z', done: true });
    expect(res.json()).toMatchObject({ done: true, due_date: '2040-01-15T10:00:00Z' });
  });

  it('a task repeating in whole days keeps its time of day in its user’s zone when the clocks change', async () => {
    const { settings } = (await t.request('GET', '/api/v1/user', { token: p.owner.token })).json();
    const setZone = (timezone: string) =>
      t.request('POST', '/api/v1/user/settings/general', {
        token: p.owner.token,
        body: { ...settings, timezone },
      });
    expect((await setZone('America/New_York')).statusCode).toBe(200);
    try {
      const wallClock = (iso: string) =>
        new Intl.DateTimeFormat('en', {
          timeZone: 'America/New_York',
          timeStyle: 'medium',
          hourCycle: 'h23',
        }).format(new Date(iso));
      // Midnight of 31 October 2026 and 09:00 on 30 October in New York (EDT), before the clocks
      // go back on 1 November: each moves on past now at the same time of day (EST by then).
      for (const [due, repeat_after, clock] of [
        ['2026-10-31T04:00:00Z', DAY, '00:00:00'],
        ['2026-10-30T13:00:00Z', 7 * DAY, '09:00:00'],
      ] as const) {
        const task = await p.task('Repeating');
        const res = await update(task.id, { due_date: due, repeat_after, done: true });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().done).toBe(false);
        const moved: string = res.json().due_date;
        expect(new Date(moved).getTime()).toBeGreaterThan(Date.now());
        expect(wallClock(moved)).toBe(clock);
      }
    } finally {
      expect((await setZone(settings.timezone)).statusCode).toBe(200);
    }
  });
});

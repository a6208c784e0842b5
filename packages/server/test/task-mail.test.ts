/**
 * Reminder mails and the daily overdue-tasks mail, sent to a real SMTP server on a local port and
 * read as their recipients would read them. The sweeps are driven with a clock of the test's own
 * (dates in 2030 and 2031), so the server's own once-a-minute sweep, which runs on the real clock,
 * never finds these reminders due or these tasks overdue. Reminders are in 2031, after every
 * overdue sweep here, so their tasks are never overdue in those sweeps.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import { readMail } from './support/mail-text.js';
import { confirmedUser } from './support/mailed-users.js';
import { projectOf, taskOf } from './support/people-projects.js';
import { type ReceivedMail, type SmtpSink, startSmtpSink } from './support/smtp-sink.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const PUBLIC_URL = 'https://ordo.example.com/';

let t: TestApp;
let smtp: SmtpSink;
beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({ ORDO_SMTP_URL: smtp.url, ORDO_PUBLIC_URL: PUBLIC_URL });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

interface User {
  token: string;
  id: number;
  username: string;
  email: string;
}

async function user(username: string, settings: Record<string, unknown> = {}): Promise<User> {
  const { token, id } = await confirmedUser(t, smtp, username);
  for (const mail of smtp.mails) welcomed.add(mail);
  if (Object.keys(settings).length > 0) {
    const current = (await t.request('GET', '/api/v1/user/settings/general', { token })).json();
    const saved = await t.request('POST', '/api/v1/user/settings/general', {
      token,
      body: { ...current, ...settings },
    });
    expect(saved.statusCode, saved.body).toBe(200);
  }
  return { token, id, username, email: `${username}@example.com` };
}

const project = (owner: User, title: string, readers: User[] = []) => projectOf(t, owner, title, readers);
const task = (who: User, projectId: number, body: Record<string, unknown>) => taskOf(t, who, projectId, body);

/** The confirmation mails of sign-up, left out of what the tests read. */
const welcomed = new Set<ReceivedMail>();

/** The mails the sink has for an address, read; everything the sweeps send has arrived when they return. */
const mailsTo = (who: User) =>
  smtp.mails.filter((m) => !welcomed.has(m) && m.to.includes(who.email)).map(readMail);

describe('reminder mails', () => {
  it('reach the creator and the assignees who want them, once, with the due date on their own clock', async () => {
    const owner = await user('remOwner', { timezone: 'Europe/Berlin' });
    const assignee = await user('remAssignee', { timezone: 'America/New_York' });
    const optedOut = await user('remOptedOut', { email_reminders_enabled: false });
    const subscriber = await user('remSubscriber');
    const stranger = await user('remStranger');
    const projectId = await project(owner, 'Office', [assignee, optedOut, subscriber]);
    const taskId = await task(owner, projectId, {
      title: 'Call the printer',
      due_date: '2031-01-15T16:30:00Z',
      reminders: [{ reminder: '2031-01-15T08:00:00Z' }],
      assignees: [{ id: assignee.id }, { id: optedOut.id }],
    });
    const subscribed = await t.request('PUT', `/api/v1/subscriptions/task/${taskId}`, {
      token: subscriber.token,
    });
    expect(subscribed.statusCode, subscribed.body).toBe(201);

    expect(await t.app.ordo.reminderNotifications.sweep(new Date('2031-01-15T07:59:30Z'))).toBe(0);
    expect(mailsTo(owner)).toEqual([]);

    // A second Ordo process on the same database sweeps at the same moment.
    const other = await buildApp(t.config, { logger: false, prepareDatabase: false });
    try {
      const now = new Date('2031-01-15T08:00:30Z');
      await Promise.all([
        t.app.ordo.reminderNotifications.sweep(now),
        other.ordo.reminderNotifications.sweep(now),
        t.app.ordo.reminderNotifications.sweep(now),
      ]);
    } finally {
      await other.close();
    }
    await t.app.ordo.reminderNotifications.sweep(new Date('2031-01-15T08:10:00Z'));

    const link = `${PUBLIC_URL}tasks/${taskId}`;
    expect(mailsTo(owner)).toEqual([
      {
        to: [owner.email],
        subject: 'Reminder for "Call the printer" (Office)',
        text: [
          'Hi remOwner,',
          '',
          'This is a friendly reminder of the task "Call the printer" (Office).',
          'It is due on 2031-01-15 17:30 (Europe/Berlin).',
          '',
          `Open the task: ${link}`,
          '',
          'Have a nice day!',
        ].join('\n'),
      },
    ]);
    const [assigneeMail, ...more] = mailsTo(assignee);
    expect(more).toEqual([]);
    expect(assigneeMail.subject).toBe('Reminder for "Call the printer" (Office)');
    expect(assigneeMail.text).toContain('Hi remAssignee,');
    expect(assigneeMail.text).toContain('It is due on 2031-01-15 11:30 (America/New_York).');
    expect(assigneeMail.text).toContain(link);
    // Opted out: no mail. A subscriber who is neither creator nor assignee: the in-app notification only.
    expect(mailsTo(optedOut)).toEqual([]);
    expect(mailsTo(subscriber)).toEqual([]);
    expect(mailsTo(stranger)).toEqual([]);
    const inApp = (await t.request('GET', '/api/v1/notifications', { token: subscriber.token })).json();
    expect(inApp.filter((n: { name: string }) => n.name === 'task.reminder')).toHaveLength(1);
  });

  it('leave out the due date when the task has none, and people who can no longer read the task', async () => {
    const owner = await user('remNoDueOwner');
    const former = await user('remFormer');
    const projectId = await project(owner, 'Garden', [former]);
    const taskId = await task(owner, projectId, {
      title: 'Water the roses',
      reminders: [{ reminder: '2031-02-01T06:00:00Z' }],
      assignees: [{ id: former.id }],
    });
    const shares = (
      await t.request('GET', `/api/v1/projects/${projectId}/users`, { token: owner.token })
    ).json() as { username: string }[];
    expect(shares.map((s) => s.username)).toEqual([former.username]);
    const unshared = await t.request('DELETE', `/api/v1/projects/${projectId}/users/${former.username}`, {
      token: owner.token,
    });
    expect(unshared.statusCode, unshared.body).toBe(200);

    await t.app.ordo.reminderNotifications.sweep(new Date('2031-02-01T06:00:05Z'));
    const [mail, ...more] = mailsTo(owner);
    expect(more).toEqual([]);
    expect(mail.subject).toBe('Reminder for "Water the roses" (Garden)');
    expect(mail.text).not.toContain('due on');
    expect(mail.text).toContain(`${PUBLIC_URL}tasks/${taskId}`);
    expect(mailsTo(former)).toEqual([]);
  });
});

describe('the overdue-tasks mail', () => {
  it("lists a user's undone overdue tasks once a day at their time on their clock, once across processes", async () => {
    const olga = await user('olga', { timezone: 'Europe/Paris', overdue_tasks_reminders_time: '09:00' });
    const boss = await user('olgaBoss', { overdue_tasks_reminders_enabled: false });
    const own = await project(olga, 'Home');
    const shared = await project(boss, 'Work', [olga]);
    const archived = await project(olga, 'Old stuff');
    const late = await task(olga, own, { title: 'Pay the rent', due_date: '2030-01-13T17:00:00Z' });
    const assigned = await task(boss, shared, {
      title: 'Send the report',
      due_date: '2030-01-14T09:00:00Z',
      assignees: [{ id: olga.id }],
    });
    await task(boss, shared, { title: 'Not hers', due_date: '2030-01-10T09:00:00Z' });
    await task(olga, own, { title: 'Done already', due_date: '2030-01-12T09:00:00Z', done: true });
    await task(olga, own, { title: 'Due after the mail', due_date: '2030-01-15T08:30:00Z' });
    await task(olga, own, { title: 'Not due yet', due_date: '2030-01-20T09:00:00Z' });
    await task(olga, archived, { title: 'In the archive', due_date: '2030-01-11T09:00:00Z' });
    const archiving = await t.request('POST', `/api/v1/projects/${archived}`, {
      token: olga.token,
      body: { title: 'Old stuff', is_archived: true },
    });
    expect(archiving.statusCode, archiving.body).toBe(200);

    // 09:00 in Paris is 08:00 UTC in January.
    expect(await t.app.ordo.taskMail.overdueDigests.sweep(new Date('2030-01-15T07:59:00Z'))).toBe(0);
    expect(mailsTo(olga)).toEqual([]);

    const other = await buildApp(t.config, { logger: false, prepareDatabase: false });
    try {
      const now = new Date('2030-01-15T08:00:20Z');
      const sent = await Promise.all([
        t.app.ordo.taskMail.overdueDigests.sweep(now),
        other.ordo.taskMail.overdueDigests.sweep(now),
        t.app.ordo.taskMail.overdueDigests.sweep(now),
      ]);
      expect(sent.reduce((a, b) => a + b, 0)).toBe(1);
    } finally {
      await other.close();
    }
    // Later sweeps of the same day send nothing more.
    expect(await t.app.ordo.taskMail.overdueDigests.sweep(new Date('2030-01-15T08:30:00Z'))).toBe(0);

    expect(mailsTo(olga)).toEqual([
      {
        to: [olga.email],
        subject: 'Your overdue tasks',
        text: [
          'Hi olga,',
          '',
          'You have the following overdue tasks:',
          '',
          '* "Pay the rent" (Home), overdue since 1 day and 15 hours, due 2030-01-13 18:00 (Europe/Paris)',
          `  ${PUBLIC_URL}tasks/${late}`,
          '* "Send the report" (Work), overdue since 23 hours, due 2030-01-14 10:00 (Europe/Paris)',
          `  ${PUBLIC_URL}tasks/${assigned}`,
          '',
          `Open Ordo: ${PUBLIC_URL}`,
          '',
          'Have a nice day!',
        ].join('\n'),
      },
    ]);
    expect(mailsTo(boss)).toEqual([]);

    // The next day brings the next mail; a sweep long after the time does not.
    expect(await t.app.ordo.taskMail.overdueDigests.sweep(new Date('2030-01-16T10:30:00Z'))).toBe(0);
    expect(await t.app.ordo.taskMail.overdueDigests.sweep(new Date('2030-01-17T08:05:00Z'))).toBe(1);
    const next = mailsTo(olga);
    expect(next).toHaveLength(2);
    expect(next[1].subject).toBe('Your overdue tasks');
    expect(next[1].text).toContain('"Due after the mail" (Home), overdue since 2 days, due 2030-01-15 09:30');
  });

  it('is a mail of its own for a single task, at the time of a zone east of UTC, on its local day', async () => {
    const kenji = await user('kenji', { timezone: 'Asia/Tokyo', overdue_tasks_reminders_time: '08:30' });
    const projectId = await project(kenji, 'Dojo');
    const taskId = await task(kenji, projectId, {
      title: 'Renew the lease',
      due_date: '2030-03-01T01:30:00Z',
    });

    // 08:30 in Tokyo on March 5th is 23:30 UTC on March 4th; 08:30 UTC is not Kenji's time.
    await t.app.ordo.taskMail.overdueDigests.sweep(new Date('2030-03-05T08:30:00Z'));
    expect(mailsTo(kenji)).toEqual([]);
    expect(await t.app.ordo.taskMail.overdueDigests.sweep(new Date('2030-03-04T23:30:00Z'))).toBe(1);
    expect(mailsTo(kenji)).toEqual([
      {
        to: [kenji.email],
        subject: 'Task "Renew the lease" (Dojo) is overdue',
        text: [
          'Hi kenji,',
          '',
          'This is a friendly reminder of the task "Renew the lease" (Dojo) which is overdue since 3 days and 22 hours and not yet done.',
          'It was due on 2030-03-01 10:30 (Asia/Tokyo).',
          '',
          `Open the task: ${PUBLIC_URL}tasks/${taskId}`,
          '',
          'Have a nice day!',
        ].join('\n'),
      },
    ]);
    // Still March 5th in Tokyo at 00:10 UTC: no second mail that day.
    await t.app.ordo.taskMail.overdueDigests.sweep(new Date('2030-03-05T00:10:00Z'));
    expect(mailsTo(kenji)).toHaveLength(1);
  });

  it('is not sent to users who turned it off, nor to those with nothing overdue', async () => {
    const off = await user('overdueOff', {
      overdue_tasks_reminders_enabled: false,
      overdue_tasks_reminders_time: '06:15',
    });
    const clear = await user('overdueClear', { overdue_tasks_reminders_time: '06:15' });
    await task(off, await project(off, 'Off'), { title: 'Forgotten', due_date: '2030-04-01T09:00:00Z' });
    await task(clear, await project(clear, 'Clear'), { title: 'Later', due_date: '2030-04-09T09:00:00Z' });
    // Neither has a time zone set: their 06:15 is UTC. Nobody else here has that time.
    expect(await t.app.ordo.taskMail.overdueDigests.sweep(new Date('2030-04-05T06:15:00Z'))).toBe(0);
    expect(mailsTo(off)).toEqual([]);
    expect(mailsTo(clear)).toEqual([]);
    // With nothing overdue no day is claimed: the window's later sweeps look again.
    const claims = await t.app.ordo.db.kysely
      .selectFrom('overdue_digests')
      .select('user_id')
      .where('user_id', 'in', [off.id, clear.id])
      .execute();
    expect(claims).toEqual([]);
  });
});

/**
 * Reminder and overdue mails when Ordo cannot send mail: without an SMTP server nothing is sent
 * and nothing fails; with one that stops answering, the in-app reminder still arrives, the sweep
 * goes on, and the day's overdue mail is not marked as sent, so a later sweep tries again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmedUser } from './support/mailed-users.js';
import { type SmtpSink, startSmtpSink } from './support/smtp-sink.js';
import { createTestApp, type TestApp } from './support/test-app.js';

async function remindersOf(t: TestApp, token: string, taskId: number) {
  const res = await t.request('GET', '/api/v1/notifications', { token });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { name: string; notification: { task: { id: number } } }[]).filter(
    (n) => n.name === 'task.reminder' && n.notification.task.id === taskId,
  );
}

/** A task of the user's Inbox that is overdue in January 2030 and has a reminder then. */
async function overdueTaskWithReminder(t: TestApp, token: string): Promise<number> {
  const inbox = (await t.request('GET', '/api/v1/user/settings/general', { token })).json()
    .default_project_id;
  const res = await t.request('PUT', `/api/v1/projects/${inbox}/tasks`, {
    token,
    body: {
      title: 'Book the flights',
      due_date: '2030-01-10T12:00:00Z',
      reminders: [{ reminder: '2030-01-10T08:00:00Z' }],
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

const claimsOf = (t: TestApp, userId: number) =>
  t.app.ordo.db.kysely
    .selectFrom('overdue_digests')
    .select('local_date')
    .where('user_id', '=', userId)
    .execute();

describe('without an SMTP server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('sends nothing, fails nothing, still notifies in the app, and /info says there are no reminder mails', async () => {
    expect((await t.request('GET', '/api/v1/info')).json().email_reminders_enabled).toBe(false);
    const { token, id } = await t.signUp('nomail');
    const taskId = await overdueTaskWithReminder(t, token);
    expect(await t.app.ordo.reminderNotifications.sweep(new Date('2030-01-10T08:00:10Z'))).toBe(1);
    expect(await remindersOf(t, token, taskId)).toHaveLength(1);
    // The default 09:00 with no time zone is 09:00 UTC.
    expect(await t.app.ordo.taskMail.overdueDigests.sweep(new Date('2030-01-11T09:00:00Z'))).toBe(0);
    expect(await claimsOf(t, id)).toEqual([]);
  });
});

describe('with an SMTP server that stopped answering', () => {
  let t: TestApp;
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({ ORDO_SMTP_URL: smtp.url });
  });
  afterAll(async () => t.close());

  it('still notifies in the app, goes on sweeping, and leaves the overdue mail to a later sweep', async () => {
    expect((await t.request('GET', '/api/v1/info')).json().email_reminders_enabled).toBe(true);
    const { token, id } = await confirmedUser(t, smtp, 'smtpdown');
    const taskId = await overdueTaskWithReminder(t, token);
    await smtp.close();
    const received = smtp.mails.length;

    expect(await t.app.ordo.reminderNotifications.sweep(new Date('2030-01-10T08:00:10Z'))).toBe(1);
    expect(await remindersOf(t, token, taskId)).toHaveLength(1);
    expect(await t.app.ordo.taskMail.overdueDigests.sweep(new Date('2030-01-11T09:00:00Z'))).toBe(0);
    expect(await claimsOf(t, id)).toEqual([]);
    expect(smtp.mails).toHaveLength(received);
  });
});

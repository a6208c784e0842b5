/**
 * How every importer ends for the user: a notification in the app and a mail (to a real SMTP
 * server) with the counts when an import finishes, and with the reason when it fails; and a
 * second upload of the same file refused with the date of the first, creating nothing, until
 * what the first one made has been deleted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ATTACHMENT_TEXT,
  tickTickCsv,
  vikunjaExportData,
  vikunjaExportZip,
  zipOf,
} from './support/import-fixtures.js';
import { importFile, importFixture, ownedRows } from './support/import-upload.js';
import { type ReadMail, readMail } from './support/mail-text.js';
import { confirmedUser } from './support/mailed-users.js';
import { type SmtpSink, startSmtpSink } from './support/smtp-sink.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let smtp: SmtpSink;

beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({ ORDO_SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

/** The next mail to the address whose subject contains `subject` (others, like a welcome, are passed over). */
async function mailAbout(to: string, subject: string): Promise<ReadMail> {
  for (;;) {
    const mail = readMail(await smtp.next(to));
    if (mail.subject.includes(subject)) return mail;
  }
}

async function notifications(token: string) {
  const res = await t.request('GET', '/api/v1/notifications', { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { name: string; notification: Record<string, unknown> }[];
}

const FILES: [string, string, string, () => Promise<Buffer> | Buffer][] = [
  ['vikunja-file', 'Vikunja', 'export.zip', () => vikunjaExportZip()],
  ['ticktick', 'TickTick', 'ticktick.csv', () => Buffer.from(tickTickCsv())],
  ['todoist-csv', 'Todoist', 'Home renovation.csv', () => importFixture('todoist/Home renovation.csv')],
  ['trello-json', 'Trello', 'board.json', () => importFixture('trello/board.json')],
];

/** The user of each importer's first test, who imports again in the second. */
const users = new Map<string, { token: string; id: number }>();

describe.each(FILES)('%s import', (name, app, fileName, file) => {
  const username = `notice${name.replace(/\W/g, '')}`;

  it('tells the user in the app and by mail, with the counts, when it is done', async () => {
    const user = await confirmedUser(t, smtp, username);
    users.set(name, user);
    const res = await importFile(t, name, user.token, await file(), fileName);
    expect(res.statusCode, res.body).toBe(200);
    const status = (await t.request('GET', `/api/v1/migration/${name}/status`, { token: user.token })).json();
    expect(status.state).toBe('done');
    const counts = status.result as Record<string, number>;
    expect(counts.tasks).toBeGreaterThan(0);

    const done = (await notifications(user.token)).filter((n) => n.name === 'migration.done');
    expect(done).toHaveLength(1);
    expect(done[0].notification).toMatchObject({ migrator_name: name, ...counts });

    const mail = await mailAbout(`${username}@example.com`, 'is done');
    expect(mail.subject).toBe(`Your import from ${app} into Ordo is done`);
    expect(mail.text).toContain(`${counts.projects} projects, ${counts.tasks} tasks`);
  });

  it('refuses the same file a second time with the date of the first, creating nothing', async () => {
    const { token, id: userId } = users.get(name)!;
    const before = await ownedRows(t, userId);

    const again = await importFile(t, name, token, await file(), `copy of ${fileName}`);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json()).toMatchObject({ code: 30058 });
    expect(again.json().message).toMatch(
      /^This file was already imported on \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC; importing it again would duplicate it\.$/,
    );
    expect(again.json().imported_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect(await ownedRows(t, userId)).toEqual(before);

    // Another user may import the same file.
    const other = await confirmedUser(t, smtp, `${username}2`);
    expect((await importFile(t, name, other.token, await file(), fileName)).statusCode).toBe(200);

    // Once the user deleted what the first import made, the file may come in again.
    const made = (await t.request('GET', '/api/v1/projects?per_page=500&is_archived=true', { token }))
      .json()
      .filter(
        (p: { id: number; title: string; parent_project_id: number; is_archived: boolean }) =>
          p.id > 0 && p.title !== 'Inbox' && p.parent_project_id === 0,
      );
    for (const project of made) {
      // An archived project is taken out of the archive before it can be deleted.
      if (project.is_archived) {
        const res = await t.request('POST', `/api/v1/projects/${project.id}`, {
          token,
          body: { ...project, is_archived: false },
        });
        expect(res.statusCode, res.body).toBe(200);
      }
      const del = await t.request('DELETE', `/api/v1/projects/${project.id}`, { token });
      expect(del.statusCode, `${project.title}: ${del.body}`).toBe(200);
    }
    const third = await importFile(t, name, token, await file(), fileName);
    expect(third.statusCode, third.body).toBe(200);
    expect((await ownedRows(t, userId)).tasks).toBe(before.tasks);
  });
});

describe('a failed import', () => {
  it('tells the user in the app and by mail why, and keeps nothing', async () => {
    const user = await confirmedUser(t, smtp, 'noticefailed');
    const before = await ownedRows(t, user.id);
    // The zip's directory is intact, so the upload is taken; the attachment's bytes are damaged,
    // which shows only while the job writes.
    const bad = await zipOf({
      VERSION: 'v0.24.1',
      'data.json': JSON.stringify(vikunjaExportData()),
      'files/77': ATTACHMENT_TEXT,
    });
    const at = bad.indexOf(Buffer.from('files/77'));
    bad.fill(0x00, at + 'files/77'.length, at + 'files/77'.length + ATTACHMENT_TEXT.length);
    const res = await importFile(t, 'vikunja-file', user.token, bad, 'export.zip');
    expect(res.statusCode).toBe(200);
    const status = (
      await t.request('GET', '/api/v1/migration/vikunja-file/status', { token: user.token })
    ).json();
    expect(status.state).toBe('failed');
    expect(await ownedRows(t, user.id)).toEqual(before);

    const failed = (await notifications(user.token)).filter((n) => n.name === 'migration.failed');
    expect(failed).toHaveLength(1);
    expect(failed[0].notification).toMatchObject({
      migrator_name: 'vikunja-file',
      message: status.error.message,
    });
    const mail = await mailAbout('noticefailed@example.com', 'failed');
    expect(mail.subject).toBe('Your import from Vikunja into Ordo failed');
    expect(mail.text).toContain(status.error.message);
    expect(mail.text).toContain('Nothing of it was kept');

    // A failed import leaves no fingerprint: the file (once mended) may be imported.
    const good = await importFile(t, 'vikunja-file', user.token, await vikunjaExportZip(), 'export.zip');
    expect(good.statusCode, good.body).toBe(200);
  });
});

/**
 * The data export (reference §2.3, §3.16, §5.5): a request with the password builds a zip in the
 * background, whose JSON holds the user's projects and tasks and whose files hold the attachments'
 * bytes; the status shows it, the download needs the password, a mail (a real SMTP sink) says when
 * it is ready, and after 7 days the sweep removes it.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileStore } from '../src/modules/attachments/files/store.js';
import { removeExpiredExports } from '../src/modules/export/export-service.js';
import { confirmedUser } from './support/mailed-users.js';
import { multipart } from './support/multipart.js';
import { type SmtpSink, startSmtpSink } from './support/smtp-sink.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { unzip } from './support/unzip.js';

let t: TestApp;
let smtp: SmtpSink;
beforeAll(async () => {
  smtp = await startSmtpSink();
  t = await createTestApp({ ORDO_SMTP_URL: smtp.url, ORDO_PUBLIC_URL: 'https://ordo.example.com/' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const api = (method: 'GET' | 'PUT' | 'POST', path: string, token: string, body?: unknown) =>
  t.request(method, `/api/v1${path}`, { token, body });

/** The status once the build is done (it runs in the background). */
async function finishedExport(token: string) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const status = (await api('GET', '/user/export', token)).json();
    if (status.id) return status;
    if (Date.now() > deadline) throw new Error(`the export did not finish: ${JSON.stringify(status)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('data export', () => {
  it('answers {} and 404 before any export, and refuses a wrong password with 1011', async () => {
    const { token } = await confirmedUser(t, smtp, 'hana');
    const none = await api('GET', '/user/export', token);
    expect(none.statusCode).toBe(200);
    expect(none.body).toBe('{}');
    const download = await api('POST', '/user/export/download', token, { password: 'tidy-otter-42' });
    expect(download.statusCode).toBe(404);
    expect(download.json()).toEqual({ code: 19001, message: 'No user data export found.' });
    for (const path of ['/user/export/request', '/user/export/download']) {
      const wrong = await api('POST', path, token, { password: 'wrong-one' });
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json().code).toBe(1011);
    }
    expect((await api('GET', '/user/export', token)).body).toBe('{}');
  });

  it("builds a zip with the user's tasks as JSON and the attachments' bytes, mails when it is ready", async () => {
    const { token } = await confirmedUser(t, smtp, 'ivan');
    const project = (await api('PUT', '/projects', token, { title: 'Garden' })).json();
    const task = (
      await api('PUT', `/projects/${project.id}/tasks`, token, { title: 'Plant the tulips', priority: 3 })
    ).json();
    const label = (await api('PUT', '/labels', token, { title: 'spring' })).json();
    expect((await api('PUT', `/tasks/${task.id}/labels`, token, { label_id: label.id })).statusCode).toBe(
      201,
    );
    expect(
      (await api('PUT', `/tasks/${task.id}/comments`, token, { comment: 'bulbs are in the shed' }))
        .statusCode,
    ).toBe(201);
    const bytes = Buffer.from([0x00, 0xff, 0x10, ...Buffer.from(' tulip plan ')]);
    const { body, contentType } = multipart([
      { name: 'plan.bin', type: 'application/octet-stream', data: bytes },
    ]);
    const uploaded = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/tasks/${task.id}/attachments`,
      headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
      payload: body,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const fileId = uploaded.json().success[0].file.id as number;
    expect((await api('PUT', `/tasks/${task.id}/template`, token, { title: 'Bulbs' })).statusCode).toBe(201);

    const asked = await api('POST', '/user/export/request', token, { password: 'tidy-otter-42' });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().message).toBe(
      "Successfully requested data export. We will send you an email when it's ready.",
    );
    const status = await finishedExport(token);
    expect(status.size).toBeGreaterThan(0);
    expect(Date.parse(status.expires) - Date.parse(status.created)).toBe(7 * 24 * 60 * 60 * 1000);
    const mail = await smtp.next('ivan@example.com');
    expect(mail.raw).toMatch(/Subject: Your Ordo data export is ready/);
    expect(mail.raw.replace(/=\r?\n/g, '')).toContain('https://ordo.example.com/user/export/download');

    const wrong = await api('POST', '/user/export/download', token, { password: 'nope' });
    expect(wrong.json().code).toBe(1011);
    const download = await api('POST', '/user/export/download', token, { password: 'tidy-otter-42' });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toMatch(
      /^attachment; filename="ordo-export-ivan-\d{4}-\d\d-\d\d\.zip"$/,
    );
    expect(download.rawPayload.length).toBe(status.size);

    const entries = await unzip(download.rawPayload);
    const projects = JSON.parse(entries.get('projects.json')!.toString('utf8'));
    const garden = projects.find((p: { title: string }) => p.title === 'Garden');
    expect(garden.views.map((v: { view_kind: string }) => v.view_kind)).toEqual([
      'list',
      'gantt',
      'table',
      'kanban',
    ]);
    expect(garden.buckets.length).toBeGreaterThan(0);
    const exported = garden.tasks.find((x: { id: number }) => x.id === task.id);
    expect(exported.title).toBe('Plant the tulips');
    expect(exported.priority).toBe(3);
    expect(exported.labels.map((l: { title: string }) => l.title)).toEqual(['spring']);
    expect(exported.comments.map((c: { comment: string }) => c.comment)).toEqual(['bulbs are in the shed']);
    expect(exported.attachments[0].file.id).toBe(fileId);
    expect(entries.get(`files/${fileId}/plan.bin`)).toEqual(bytes);
    expect(JSON.parse(entries.get('labels.json')!.toString()).map((l: { title: string }) => l.title)).toEqual(
      ['spring'],
    );
    const account = JSON.parse(entries.get('account.json')!.toString());
    expect(account.username).toBe('ivan');
    expect(JSON.stringify(account)).not.toMatch(/password/);
    expect(JSON.parse(entries.get('saved-filters.json')!.toString()).length).toBeGreaterThan(0);
    expect(JSON.parse(entries.get('teams.json')!.toString())).toEqual([]);
    const [template] = JSON.parse(entries.get('templates.json')!.toString());
    expect(template).toMatchObject({
      kind: 'task',
      title: 'Bulbs',
      content: { task: { title: 'Plant the tulips' } },
    });
    expect(template.content.label_ids).toEqual([label.id]);
  });

  it('replaces the previous export with a new one, and the sweep removes one older than 7 days', async () => {
    const { token } = await confirmedUser(t, smtp, 'jana');
    await api('POST', '/user/export/request', token, { password: 'tidy-otter-42' });
    const first = await finishedExport(token);
    await smtp.next('jana@example.com');
    await api('POST', '/user/export/request', token, { password: 'tidy-otter-42' });
    await smtp.next('jana@example.com');
    const second = await finishedExport(token);
    expect(second.id).not.toBe(first.id);
    const files = join(t.config.dataDir, 'files');
    expect(existsSync(join(files, String(first.id)))).toBe(false);
    expect(existsSync(join(files, String(second.id)))).toBe(true);

    const store = createFileStore(t.config);
    expect(
      await removeExpiredExports(t.app.ordo.db.kysely, store, Date.now() + 6 * 24 * 60 * 60 * 1000),
    ).toBe(0);
    // Jana's, and Ivan's from the test before, which is as old.
    expect(
      await removeExpiredExports(t.app.ordo.db.kysely, store, Date.now() + 8 * 24 * 60 * 60 * 1000),
    ).toBe(2);
    expect((await api('GET', '/user/export', token)).body).toBe('{}');
    expect(existsSync(join(files, String(second.id)))).toBe(false);
    expect(
      (await api('POST', '/user/export/download', token, { password: 'tidy-otter-42' })).statusCode,
    ).toBe(404);
  });

  it('answers a build under way or its export at every moment between request and ready', async () => {
    const { token } = await confirmedUser(t, smtp, 'lena');
    await api('POST', '/user/export/request', token, { password: 'tidy-otter-42' });
    // Read as fast as the server answers: an answer with neither (`{}`) would leave the settings
    // page waiting for nothing.
    const deadline = Date.now() + 15_000;
    const answers: Record<string, unknown>[] = [];
    for (;;) {
      const status = (await api('GET', '/user/export', token)).json();
      answers.push(status);
      if (status.id || Date.now() > deadline) break;
      // Let the build's file writes have their turn (the app runs in this process).
      await new Promise((r) => setImmediate(r));
    }
    expect(answers.at(-1)).toHaveProperty('id');
    expect(answers.filter((a) => !a.id && !a.building_since)).toEqual([]);
    await smtp.next('lena@example.com');
  });

  it('shows a build under way, starts no second one, and lets one whose process died start again', async () => {
    const { token, id } = await confirmedUser(t, smtp, 'kira');
    const started = new Date(Date.now() - 5 * 60 * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    await t.app.ordo.db.kysely
      .insertInto('user_exports')
      .values({ user_id: id, file_id: null, build_started: started })
      .execute();
    expect((await api('GET', '/user/export', token)).json()).toEqual({ building_since: started });
    // The build under way (another process's) is not started twice.
    expect((await api('POST', '/user/export/request', token, { password: 'tidy-otter-42' })).statusCode).toBe(
      200,
    );
    expect((await api('GET', '/user/export', token)).json()).toEqual({ building_since: started });

    // An hour later that build counts as dead: the sweep clears it, and a request builds anew.
    const store = createFileStore(t.config);
    await removeExpiredExports(t.app.ordo.db.kysely, store, Date.now() + 60 * 60 * 1000);
    expect((await api('GET', '/user/export', token)).body).toBe('{}');
    await api('POST', '/user/export/request', token, { password: 'tidy-otter-42' });
    expect((await finishedExport(token)).size).toBeGreaterThan(0);
  });
});

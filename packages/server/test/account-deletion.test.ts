/**
 * Deleting one's account (spec 1 §4, §9; reference §2.3): request with the password, the mailed
 * link (a real SMTP sink) confirms, the deletion is scheduled three days later and can be
 * cancelled; without mail the request schedules it. The housekeeping sweep then deletes the
 * account with what it owns, and leaves projects it was only shared.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountRemoval } from '../src/modules/account/account-removal.js';
import { createFileStore } from '../src/modules/attachments/files/store.js';
import { confirmedUser } from './support/mailed-users.js';
import { multipart } from './support/multipart.js';
import { linkToken, type SmtpSink, startSmtpSink } from './support/smtp-sink.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let mailing: TestApp;
let silent: TestApp;
let smtp: SmtpSink;
beforeAll(async () => {
  smtp = await startSmtpSink();
  mailing = await createTestApp({ ORDO_SMTP_URL: smtp.url, ORDO_PUBLIC_URL: 'https://ordo.example.com/' });
  silent = await createTestApp();
});
afterAll(async () => {
  await mailing.close();
  await silent.close();
  await smtp.close();
});

const DAY = 24 * 60 * 60 * 1000;
const post = (t: TestApp, path: string, token: string, body: Record<string, unknown>) =>
  t.request('POST', `/api/v1${path}`, { token, body });
const scheduledAt = async (t: TestApp, token: string) =>
  (await t.request('GET', '/api/v1/user', { token })).json().deletion_scheduled_at as string;

describe('with mail', () => {
  it('mails a link that schedules the deletion in three days; cancelling needs the password', async () => {
    const { token } = await confirmedUser(mailing, smtp, 'dora');
    const wrong = await post(mailing, '/user/deletion/request', token, { password: 'not-it' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe(1011);

    const asked = await post(mailing, '/user/deletion/request', token, { password: 'tidy-otter-42' });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json()).toEqual({ message: 'Successfully requested deletion.' });
    const mail = await smtp.next('dora@example.com');
    expect(mail.raw).toMatch(/Subject: Please confirm the deletion of your Ordo account/);
    const deletionToken = linkToken(mail, 'accountDeletionConfirm');
    expect(mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=')).toContain(
      `https://ordo.example.com/?accountDeletionConfirm=${deletionToken}`,
    );
    // Nothing is scheduled before the link is confirmed.
    expect(await scheduledAt(mailing, token)).toBe('0001-01-01T00:00:00Z');

    const before = Date.now();
    const confirmed = await post(mailing, '/user/deletion/confirm', token, { token: deletionToken });
    expect(confirmed.statusCode, confirmed.body).toBe(204);
    const when = Date.parse(await scheduledAt(mailing, token));
    expect(when).toBeGreaterThanOrEqual(before + 3 * DAY - 1000);
    expect(when).toBeLessThanOrEqual(Date.now() + 3 * DAY);

    const reused = await post(mailing, '/user/deletion/confirm', token, { token: deletionToken });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe(1028);

    const badCancel = await post(mailing, '/user/deletion/cancel', token, { password: 'not-it' });
    expect(badCancel.json().code).toBe(1011);
    expect(Date.parse(await scheduledAt(mailing, token))).toBe(when);
    const cancelled = await post(mailing, '/user/deletion/cancel', token, { password: 'tidy-otter-42' });
    expect(cancelled.statusCode).toBe(204);
    expect(await scheduledAt(mailing, token)).toBe('0001-01-01T00:00:00Z');
  });

  it("refuses an unknown token with 1028 and another user's token with 1029", async () => {
    const eve = await confirmedUser(mailing, smtp, 'eve');
    const finn = await confirmedUser(mailing, smtp, 'finn');
    await post(mailing, '/user/deletion/request', finn.token, { password: 'tidy-otter-42' });
    const finnsToken = linkToken(await smtp.next('finn@example.com'), 'accountDeletionConfirm');

    for (const body of [{}, { token: '' }, { token: 'made-up' }]) {
      const res = await post(mailing, '/user/deletion/confirm', eve.token, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(1028);
    }
    const foreign = await post(mailing, '/user/deletion/confirm', eve.token, { token: finnsToken });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().code).toBe(1029);
    expect(await scheduledAt(mailing, eve.token)).toBe('0001-01-01T00:00:00Z');
    // The refusal did not use the token up for its owner.
    expect(
      (await post(mailing, '/user/deletion/confirm', finn.token, { token: finnsToken })).statusCode,
    ).toBe(204);
  });
});

describe('without mail', () => {
  it('schedules the deletion with the request itself, after the password check', async () => {
    const { token } = await silent.signUp('gus');
    const wrong = await post(silent, '/user/deletion/request', token, {});
    expect(wrong.json().code).toBe(1011);
    const asked = await post(silent, '/user/deletion/request', token, { password: 'tidy-otter-42' });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ message: 'Your account will be deleted in three days.' });
    expect(Date.parse(await scheduledAt(silent, token))).toBeGreaterThan(Date.now() + 3 * DAY - 60_000);
  });
});

describe('the sweep', () => {
  const api = (method: 'GET' | 'PUT' | 'POST', path: string, token: string, body?: unknown) =>
    silent.request(method, `/api/v1${path}`, { token, body });

  it("deletes a due account with its projects, tasks and files, and keeps others' shared projects", async () => {
    const vera = await silent.signUp('vera');
    const walt = await silent.signUp('walt');
    const own = (await api('PUT', '/projects', vera.token, { title: 'Vera only' })).json();
    const ownTask = (await api('PUT', `/projects/${own.id}/tasks`, vera.token, { title: 'mine' })).json();
    const { body, contentType } = multipart([{ name: 'notes.txt', type: 'text/plain', data: 'vera notes' }]);
    const uploaded = await silent.app.inject({
      method: 'PUT',
      url: `/api/v1/tasks/${ownTask.id}/attachments`,
      headers: { authorization: `Bearer ${vera.token}`, 'content-type': contentType },
      payload: body,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const fileId = uploaded.json().success[0].file.id as number;
    const filePath = join(silent.config.dataDir, 'files', String(fileId));
    expect(existsSync(filePath)).toBe(true);

    const shared = (await api('PUT', '/projects', walt.token, { title: 'Walt shares' })).json();
    const share = await api('PUT', `/projects/${shared.id}/users`, walt.token, {
      username: 'vera',
      right: 1,
    });
    expect(share.statusCode).toBe(201);
    const veraInWalts = (
      await api('PUT', `/projects/${shared.id}/tasks`, vera.token, { title: 'by vera, for walt' })
    ).json();

    // Her data export goes with her.
    await post(silent, '/user/export/request', vera.token, { password: 'tidy-otter-42' });
    let exportId: number | undefined;
    for (let i = 0; i < 300 && !exportId; i++) {
      exportId = (await silent.request('GET', '/api/v1/user/export', { token: vera.token })).json().id;
      if (!exportId) await new Promise((r) => setTimeout(r, 50));
    }
    expect(exportId).toBeGreaterThan(0);
    const exportPath = join(silent.config.dataDir, 'files', String(exportId));
    expect(existsSync(exportPath)).toBe(true);

    // Scheduled (no mail: the request schedules), then made due.
    expect(
      (await post(silent, '/user/deletion/request', vera.token, { password: 'tidy-otter-42' })).statusCode,
    ).toBe(200);
    const removal = new AccountRemoval(silent.app.ordo.db.kysely, createFileStore(silent.config));
    expect(await removal.deleteDueAccounts()).toEqual([]);
    await silent.app.ordo.db.kysely
      .updateTable('users')
      .set({ deletion_scheduled_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', vera.id)
      .execute();

    // Two sweeps at once (two processes): the account is deleted once, without an error.
    const other = new AccountRemoval(silent.app.ordo.db.kysely, createFileStore(silent.config));
    const [a, b] = await Promise.all([removal.deleteDueAccounts(), other.deleteDueAccounts()]);
    expect([...a, ...b]).toEqual([vera.id]);

    expect((await silent.request('GET', '/api/v1/user', { token: vera.token })).statusCode).toBe(401);
    const login = await silent.request('POST', '/api/v1/login', {
      body: { username: 'vera', password: 'tidy-otter-42' },
    });
    expect(login.json().code).toBe(1011);
    const db = silent.app.ordo.db.kysely;
    expect(await db.selectFrom('projects').select('id').where('owner_id', '=', vera.id).execute()).toEqual(
      [],
    );
    expect(await db.selectFrom('tasks').select('id').where('id', '=', ownTask.id).execute()).toEqual([]);
    expect(await db.selectFrom('files').select('id').where('id', '=', fileId).execute()).toEqual([]);
    expect(existsSync(filePath)).toBe(false);
    expect(existsSync(exportPath)).toBe(false);
    expect(await db.selectFrom('files').select('id').where('id', '=', exportId!).execute()).toEqual([]);

    // Walt's project, and the task Vera made in it, stay.
    expect((await api('GET', `/projects/${shared.id}`, walt.token)).statusCode).toBe(200);
    const kept = await api('GET', `/tasks/${veraInWalts.id}`, walt.token);
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().title).toBe('by vera, for walt');
    expect((await api('GET', `/projects/${shared.id}/users`, walt.token)).json()).toEqual([]);
  });

  it('leaves accounts whose deletion is not due yet, or was cancelled', async () => {
    const xena = await silent.signUp('xena');
    await post(silent, '/user/deletion/request', xena.token, { password: 'tidy-otter-42' });
    const removal = new AccountRemoval(silent.app.ordo.db.kysely, createFileStore(silent.config));
    expect(await removal.deleteDueAccounts(new Date(Date.now() + DAY).toISOString())).not.toContain(xena.id);
    await post(silent, '/user/deletion/cancel', xena.token, { password: 'tidy-otter-42' });
    // Four days on, accounts scheduled by other tests are due; Xena's cancelled one is not.
    expect(await removal.deleteDueAccounts(new Date(Date.now() + 4 * DAY).toISOString())).not.toContain(
      xena.id,
    );
    expect((await silent.request('GET', '/api/v1/user', { token: xena.token })).statusCode).toBe(200);
  });
});

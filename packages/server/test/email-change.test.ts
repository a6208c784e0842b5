/**
 * Changing one's e-mail address (reference §2.3, §5.5): with mail on the new address waits as
 * `pending_email` until the link mailed to it (to a real SMTP sink) is confirmed; without mail it
 * changes at once. A wrong password is 1011 either way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirmedUser } from './support/mailed-users.js';
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

const change = (t: TestApp, token: string, body: Record<string, unknown>) =>
  t.request('POST', '/api/v1/user/settings/email', { token, body });
const me = async (t: TestApp, token: string) => (await t.request('GET', '/api/v1/user', { token })).json();

describe('with mail', () => {
  it('keeps the new address pending until the mailed link confirms it', async () => {
    const { token } = await confirmedUser(mailing, smtp, 'mona');
    expect(await me(mailing, token)).not.toHaveProperty('pending_email');

    const res = await change(mailing, token, {
      new_email: 'mona.new@example.com',
      password: 'tidy-otter-42',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toMatch(/confirm your new email address/);
    const pending = await me(mailing, token);
    expect(pending.email).toBe('mona@example.com');
    expect(pending.pending_email).toBe('mona.new@example.com');

    const mail = await smtp.next('mona.new@example.com');
    expect(mail.raw).toMatch(/Subject: mona, please confirm your new email address at Ordo/);
    const confirm = await mailing.request('POST', '/api/v1/user/confirm', {
      body: { token: linkToken(mail, 'userEmailConfirm') },
    });
    expect(confirm.statusCode, confirm.body).toBe(200);
    const changed = await me(mailing, token);
    expect(changed.email).toBe('mona.new@example.com');
    expect(changed).not.toHaveProperty('pending_email');
    // The new address logs in; the link worked once.
    const login = await mailing.request('POST', '/api/v1/login', {
      body: { username: 'mona.new@example.com', password: 'tidy-otter-42' },
    });
    expect(login.statusCode).toBe(200);
    const again = await mailing.request('POST', '/api/v1/user/confirm', {
      body: { token: linkToken(mail, 'userEmailConfirm') },
    });
    expect(again.json().code).toBe(1010);
  });

  it('confirms only the newest request', async () => {
    const { token } = await confirmedUser(mailing, smtp, 'nils');
    await change(mailing, token, { new_email: 'nils.one@example.com', password: 'tidy-otter-42' });
    const first = linkToken(await smtp.next('nils.one@example.com'), 'userEmailConfirm');
    await change(mailing, token, { new_email: 'nils.two@example.com', password: 'tidy-otter-42' });
    const second = linkToken(await smtp.next('nils.two@example.com'), 'userEmailConfirm');
    const stale = await mailing.request('POST', '/api/v1/user/confirm', { body: { token: first } });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().code).toBe(1010);
    expect(
      (await mailing.request('POST', '/api/v1/user/confirm', { body: { token: second } })).statusCode,
    ).toBe(200);
    expect((await me(mailing, token)).email).toBe('nils.two@example.com');
  });

  it('refuses a wrong password, an address in use and a malformed one', async () => {
    const { token } = await confirmedUser(mailing, smtp, 'olga');
    await confirmedUser(mailing, smtp, 'pia');
    const wrong = await change(mailing, token, { new_email: 'olga2@example.com', password: 'nope-nope' });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe(1011);
    const taken = await change(mailing, token, { new_email: 'PIA@example.com', password: 'tidy-otter-42' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().code).toBe(1002);
    const malformed = await change(mailing, token, {
      new_email: 'olga-at-example',
      password: 'tidy-otter-42',
    });
    expect(malformed.statusCode).toBe(412);
    expect(malformed.json().invalid_fields[0]).toMatch(/^new_email/);
    expect(await me(mailing, token)).not.toHaveProperty('pending_email');
  });
});

describe('without mail', () => {
  it('changes the address at once', async () => {
    const { token } = await silent.signUp('quinn');
    const res = await change(silent, token, {
      new_email: 'quinn.new@example.com',
      password: 'tidy-otter-42',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toBe('The email address was changed successfully.');
    const user = await me(silent, token);
    expect(user.email).toBe('quinn.new@example.com');
    expect(user).not.toHaveProperty('pending_email');
  });

  it('refuses a wrong or missing password with 1011', async () => {
    const { token } = await silent.signUp('rosa');
    for (const password of ['wrong-password', undefined]) {
      const res = await change(silent, token, { new_email: 'rosa.new@example.com', password });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe(1011);
    }
    expect((await me(silent, token)).email).toBe('rosa@example.com');
  });

  it('refuses accounts managed elsewhere with 1021', async () => {
    const { token, id } = await silent.signUp('sven');
    await silent.app.ordo.db.kysely
      .updateTable('users')
      .set({ issuer: 'ldap', subject: 'uid=sven' })
      .where('id', '=', id)
      .execute();
    const res = await change(silent, token, { new_email: 'sven.new@example.com', password: 'tidy-otter-42' });
    expect(res.statusCode).toBe(412);
    expect(res.json().code).toBe(1021);
  });
});

/**
 * E-mail confirmation and password reset (reference §5.2), with mail going to a real SMTP server
 * on a local port and the links read out of the messages it received.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkToken, type SmtpSink, startSmtpSink } from './support/smtp-sink.js';
import { createTestApp, type TestApp } from './support/test-app.js';

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

const register = (username: string) =>
  t.request('POST', '/api/v1/register', {
    body: { username, email: `${username}@example.com`, password: 'tidy-otter-42' },
  });
const login = (username: string, password = 'tidy-otter-42') =>
  t.request('POST', '/api/v1/login', { body: { username, password } });
const confirm = (token: unknown) => t.request('POST', '/api/v1/user/confirm', { body: { token } });

/** Registers and confirms an account, answering its token. */
async function activeUser(username: string): Promise<string> {
  expect((await register(username)).statusCode).toBe(200);
  const token = linkToken(await smtp.next(`${username}@example.com`), 'userEmailConfirm');
  expect((await confirm(token)).statusCode).toBe(200);
  const res = await login(username);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token;
}

describe('e-mail confirmation of a new account', () => {
  it('mails a link to the web app; the account cannot log in until the link is used, once', async () => {
    expect((await register('carla')).statusCode).toBe(200);
    const mail = await smtp.next('carla@example.com');
    expect(mail.from).toBe('ordo@localhost');
    expect(mail.raw).toMatch(/Subject: carla, please confirm your email address at Ordo/);
    const token = linkToken(mail, 'userEmailConfirm');
    expect(token).toHaveLength(64);
    expect(mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=')).toContain(
      `https://ordo.example.com/?userEmailConfirm=${token}`,
    );

    const early = await login('carla');
    expect(early.statusCode).toBe(412);
    expect(early.json().code).toBe(1012);

    const confirmed = await confirm(token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({ message: 'The email was confirmed successfully.' });
    expect((await login('carla')).statusCode).toBe(200);

    const again = await confirm(token);
    expect(again.statusCode).toBe(412);
    expect(again.json().code).toBe(1010);
  });

  it.each([[{}], [{ token: '' }], [{ token: 'not-a-token' }]])('refuses %j with 1010', async (body) => {
    const res = await t.request('POST', '/api/v1/user/confirm', { body });
    expect(res.statusCode).toBe(412);
    expect(res.json().code).toBe(1010);
  });

  it('keeps only a hash of the token in the database', async () => {
    expect((await register('dario')).statusCode).toBe(200);
    const token = linkToken(await smtp.next('dario@example.com'), 'userEmailConfirm');
    const stored = await t.app.ordo.db.kysely.selectFrom('account_tokens').select('token_hash').execute();
    expect(stored.length).toBeGreaterThan(0);
    for (const row of stored) {
      expect(row.token_hash).toMatch(/^[0-9a-f]{64}$/);
      expect(row.token_hash).not.toBe(token);
    }
  });
});

describe('password reset', () => {
  it('mails a link whose token sets a new password, ends every session and works once', async () => {
    const oldToken = await activeUser('erin');
    const asked = await t.request('POST', '/api/v1/user/password/token', {
      body: { email: 'erin@example.com' },
    });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ message: 'Token was sent.' });
    const mail = await smtp.next('erin@example.com');
    expect(mail.raw).toMatch(/Subject: Reset your password on Ordo/);
    const token = linkToken(mail, 'userPasswordReset');

    const reset = await t.request('POST', '/api/v1/user/password/reset', {
      body: { token, new_password: 'a new secret' },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ message: 'The password was updated successfully.' });

    expect((await t.request('GET', '/api/v1/user', { token: oldToken })).statusCode).toBe(401);
    expect((await login('erin')).json().code).toBe(1011);
    expect((await login('erin', 'a new secret')).statusCode).toBe(200);

    const reused = await t.request('POST', '/api/v1/user/password/reset', {
      body: { token, new_password: 'yet another one' },
    });
    expect(reused.statusCode).toBe(412);
    expect(reused.json().code).toBe(1009);
  });

  it('activates an account still waiting for its confirmation (the mail proves the address)', async () => {
    expect((await register('fritz')).statusCode).toBe(200);
    await smtp.next('fritz@example.com');
    await t.request('POST', '/api/v1/user/password/token', { body: { email: 'fritz@example.com' } });
    const token = linkToken(await smtp.next('fritz@example.com'), 'userPasswordReset');
    const reset = await t.request('POST', '/api/v1/user/password/reset', {
      body: { token, new_password: 'password456' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await login('fritz', 'password456')).statusCode).toBe(200);
  });

  it('refuses a reset link older than 24 hours, and a confirmation link older than 7 days', async () => {
    const db = t.app.ordo.db.kysely;
    const ageAll = (hours: number) =>
      db
        .updateTable('account_tokens')
        .set({ created: new Date(Date.now() - hours * 3_600_000).toISOString() })
        .execute();
    expect((await register('jonas')).statusCode).toBe(200);
    const confirmToken = linkToken(await smtp.next('jonas@example.com'), 'userEmailConfirm');
    await t.request('POST', '/api/v1/user/password/token', { body: { email: 'jonas@example.com' } });
    const resetToken = linkToken(await smtp.next('jonas@example.com'), 'userPasswordReset');

    await ageAll(25);
    const reset = await t.request('POST', '/api/v1/user/password/reset', {
      body: { token: resetToken, new_password: 'password456' },
    });
    expect(reset.statusCode).toBe(412);
    expect(reset.json().code).toBe(1009);
    // The confirmation link lives a week: a week and an hour old, it no longer works.
    await ageAll(7 * 24 + 1);
    const late = await confirm(confirmToken);
    expect(late.statusCode).toBe(412);
    expect(late.json().code).toBe(1010);
    expect((await login('jonas')).json().code).toBe(1012);
  });

  it('refuses a disabled account with 1020 and leaves its token unused', async () => {
    await activeUser('greta');
    await t.request('POST', '/api/v1/user/password/token', { body: { email: 'greta@example.com' } });
    const token = linkToken(await smtp.next('greta@example.com'), 'userPasswordReset');
    const db = t.app.ordo.db.kysely;
    await db.updateTable('users').set({ status: 2 }).where('username', '=', 'greta').execute();
    const res = await t.request('POST', '/api/v1/user/password/reset', {
      body: { token, new_password: 'password789' },
    });
    expect(res.statusCode).toBe(412);
    expect(res.json().code).toBe(1020);
    const user = await db
      .selectFrom('users')
      .select('status')
      .where('username', '=', 'greta')
      .executeTakeFirst();
    expect(user?.status).toBe(2);
    expect(await db.selectFrom('account_tokens').select('id').execute()).not.toHaveLength(0);
  });

  it.each([
    [{}, 400, 1004],
    [{ email: '' }, 400, 1004],
    [{ email: 'user1example.com' }, 400, undefined],
  ])('refuses a reset request of %j', async (body, status, code) => {
    const res = await t.request('POST', '/api/v1/user/password/token', { body });
    expect(res.statusCode).toBe(status);
    expect(res.json().code).toBe(code);
  });

  it('answers an unknown address as it answers a known one, and mails nobody', async () => {
    await activeUser('hidden');
    const before = smtp.mails.length;
    const known = await t.request('POST', '/api/v1/user/password/token', {
      body: { email: 'hidden@example.com' },
    });
    const unknown = await t.request('POST', '/api/v1/user/password/token', {
      body: { email: 'nobody-here@example.com' },
    });
    expect([known.statusCode, known.body]).toEqual([unknown.statusCode, unknown.body]);
    expect(unknown.statusCode).toBe(200);
    await smtp.next('hidden@example.com');
    await new Promise((r) => setTimeout(r, 200));
    expect(smtp.mails.slice(before).flatMap((m) => m.to)).toEqual(['hidden@example.com']);
  });

  it('tells an account that signs in elsewhere, by mail only, where its password is kept', async () => {
    const db = t.app.ordo.db.kysely;
    const now = new Date().toISOString();
    await db
      .insertInto('users')
      .values({
        username: 'sso-user',
        email: 'sso-user@example.com',
        name: '',
        password_hash: '',
        issuer: 'acme',
        subject: 'acme-42',
        created: now,
        updated: now,
      })
      .execute();
    const res = await t.request('POST', '/api/v1/user/password/token', {
      body: { email: 'sso-user@example.com' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Token was sent.' });
    const mail = await smtp.next('sso-user@example.com');
    expect(mail.raw).toMatch(/Subject: Your password on Ordo/);
    expect(mail.raw).toMatch(/acme/);
    expect(mail.raw).not.toMatch(/userPasswordReset/);
  });

  it('lets only the newest of several mailed links reset the password', async () => {
    await activeUser('twice');
    const ask = () =>
      t.request('POST', '/api/v1/user/password/token', { body: { email: 'twice@example.com' } });
    await ask();
    const older = linkToken(await smtp.next('twice@example.com'), 'userPasswordReset');
    await ask();
    const newer = linkToken(await smtp.next('twice@example.com'), 'userPasswordReset');
    const stale = await t.request('POST', '/api/v1/user/password/reset', {
      body: { token: older, new_password: 'lantern-47-quiet' },
    });
    expect(stale.statusCode).toBe(412);
    expect(stale.json().code).toBe(1009);
    const fresh = await t.request('POST', '/api/v1/user/password/reset', {
      body: { token: newer, new_password: 'lantern-47-quiet' },
    });
    expect(fresh.statusCode).toBe(200);
    expect((await login('twice', 'lantern-47-quiet')).statusCode).toBe(200);
  });

  it('refuses a new password equal to the username, and keeps the link usable', async () => {
    await activeUser('kestrel-owl');
    await t.request('POST', '/api/v1/user/password/token', { body: { email: 'kestrel-owl@example.com' } });
    const token = linkToken(await smtp.next('kestrel-owl@example.com'), 'userPasswordReset');
    const trivial = await t.request('POST', '/api/v1/user/password/reset', {
      body: { token, new_password: 'Kestrel-Owl' },
    });
    expect(trivial.statusCode).toBe(412);
    expect(trivial.json()).toMatchObject({
      code: 2002,
      invalid_fields: ['new_password: the password must not be the username or the e-mail address'],
    });
    const good = await t.request('POST', '/api/v1/user/password/reset', {
      body: { token, new_password: 'tawny-meadow-81' },
    });
    expect(good.statusCode).toBe(200);
  });

  it.each([
    [{}, 400, 2004],
    [{ token: 'some-token' }, 400, 1004],
    [{ new_password: 'tidy-otter-42' }, 412, 1008],
    [{ token: 'not-a-token', new_password: 'tidy-otter-42' }, 412, 1009],
    [{ token: 'not-a-token', new_password: 'short' }, 412, 2002],
  ])('refuses a reset of %j', async (body, status, code) => {
    const res = await t.request('POST', '/api/v1/user/password/reset', { body });
    expect(res.statusCode).toBe(status);
    expect(res.json().code).toBe(code);
  });
});

describe('without a mail server', () => {
  it('registers accounts active at once, and says why a reset cannot be mailed', async () => {
    const plain = await createTestApp();
    try {
      await plain.signUp('hanna');
      const res = await plain.request('POST', '/api/v1/user/password/token', {
        body: { email: 'hanna@example.com' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toMatch(/cannot send mail/);
    } finally {
      await plain.close();
    }
  });

  it('removes a new account again when its confirmation mail cannot be sent', async () => {
    const closed = await startSmtpSink();
    await closed.close();
    const broken = await createTestApp({ ORDO_SMTP_URL: closed.url });
    try {
      const body = { username: 'ivo', email: 'ivo@example.com', password: 'tidy-otter-42' };
      const res = await broken.request('POST', '/api/v1/register', { body });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toMatch(/confirmation email could not be sent/);
      const db = broken.app.ordo.db.kysely;
      expect(await db.selectFrom('users').select('id').where('username', '=', 'ivo').execute()).toEqual([]);
      expect(await db.selectFrom('projects').select('id').execute()).toEqual([]);
    } finally {
      await broken.close();
    }
  });
});

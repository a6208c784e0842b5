/** Accounts on an app that sends mail: registered, confirmed through the mailed link, logged in. */
import { expect } from 'vitest';
import { linkToken, type SmtpSink } from './smtp-sink.js';
import type { TestApp } from './test-app.js';

export async function confirmedUser(
  t: TestApp,
  smtp: SmtpSink,
  username: string,
): Promise<{ token: string; id: number }> {
  const email = `${username}@example.com`;
  const reg = await t.request('POST', '/api/v1/register', {
    body: { username, email, password: 'tidy-otter-42' },
  });
  expect(reg.statusCode, reg.body).toBe(200);
  const confirm = await t.request('POST', '/api/v1/user/confirm', {
    body: { token: linkToken(await smtp.next(email), 'userEmailConfirm') },
  });
  expect(confirm.statusCode, confirm.body).toBe(200);
  const login = await t.request('POST', '/api/v1/login', { body: { username, password: 'tidy-otter-42' } });
  expect(login.statusCode, login.body).toBe(200);
  return { token: login.json().token, id: reg.json().id };
}

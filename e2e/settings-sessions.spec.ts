/**
 * Where one is signed in: the settings list every browser and app logged in to the account, and
 * signing one out from here (a lost phone) sends that device back to the login page.
 */
import { account, signIn } from './support/accounts';
import { expect, test } from './support/csp-guard';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.5 Mobile/15E148 Safari/604.1';

test('a session on another device is listed and signed out from the settings', async ({
  page,
  request,
  browser,
}) => {
  const me = await account(request, 'devices');
  const login = await request.post('/api/v1/login', {
    data: { username: me.username, password: 'correct-horse-1' },
    headers: { 'User-Agent': IPHONE },
  });
  const phoneToken = ((await login.json()) as { token: string }).token;
  const phone = await (await browser.newContext({ userAgent: IPHONE })).newPage();
  await signIn(phone, phoneToken);
  await phone.goto('/');
  await expect(phone.getByRole('heading', { level: 1 })).toContainText(me.username);

  await signIn(page, me.token);
  await page.goto('/user/settings/general');
  await page.getByRole('link', { name: 'Sessions' }).click();
  await expect(page).toHaveURL(/\/user\/settings\/sessions$/);
  const sessions = page.getByRole('list', { name: 'Your sessions' });
  const phoneRow = sessions.getByRole('listitem', { name: 'Safari on iOS' });
  await expect(phoneRow).toBeVisible();
  await expect(sessions.getByRole('listitem')).toHaveCount(2);
  // This browser's own session is marked, and is ended by logging out, not from this list.
  const own = sessions.getByRole('listitem').filter({ hasText: 'This device' });
  await expect(own).toHaveCount(1);
  await expect(own.getByRole('button')).toHaveCount(0);

  await phoneRow.getByRole('button', { name: 'Sign out Safari on iOS' }).click();
  const confirm = page.getByRole('dialog', { name: 'Sign out this session?' });
  await expect(confirm).toContainText('Safari on iOS will be signed out at once');
  await confirm.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByText('The session was signed out.')).toBeVisible();
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  await page.reload();
  await expect(page.getByRole('list', { name: 'Your sessions' }).getByRole('listitem')).toHaveCount(1);

  // The phone's next request is refused: it is back at the login page.
  await phone.reload();
  await expect(phone).toHaveURL(/\/login/);
  await phone.close();
});

test('all other sessions are signed out at once, this one stays', async ({ page, request }) => {
  const me = await account(request, 'elsewhere');
  const others: string[] = [];
  for (const userAgent of [IPHONE, 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) Firefox/141.0']) {
    const login = await request.post('/api/v1/login', {
      data: { username: me.username, password: 'correct-horse-1' },
      headers: { 'User-Agent': userAgent },
    });
    others.push(((await login.json()) as { token: string }).token);
  }

  await signIn(page, me.token);
  await page.goto('/user/settings/sessions');
  const sessions = page.getByRole('list', { name: 'Your sessions' });
  await expect(sessions.getByRole('listitem')).toHaveCount(3);
  // One of them ends elsewhere while the list is open: signing it out again is no error.
  const sid = JSON.parse(Buffer.from(others[0].split('.')[1], 'base64url').toString()).sid;
  const ended = await request.delete(`/api/v1/user/sessions/${sid}`, {
    headers: { Authorization: `Bearer ${others[1]}` },
  });
  expect(ended.ok()).toBe(true);
  await page.getByRole('button', { name: 'Sign out all other sessions' }).click();
  const confirm = page.getByRole('dialog', { name: 'Sign out all other sessions?' });
  await confirm.getByRole('button', { name: 'Sign out all other sessions' }).click();
  await expect(page.getByText('All other sessions were signed out.')).toBeVisible();
  await expect(page.getByText('The session does not exist.')).toHaveCount(0);
  await expect(sessions.getByRole('listitem')).toHaveCount(1);
  await expect(sessions.getByRole('listitem')).toContainText('This device');
  // With no other session left there is nothing more to sign out.
  await expect(page.getByRole('button', { name: 'Sign out all other sessions' })).toHaveCount(0);

  for (const token of others) {
    const refused = await request.get('/api/v1/user', { headers: { Authorization: `Bearer ${token}` } });
    expect(refused.status()).toBe(401);
  }
  expect((await request.get('/api/v1/user', { headers: { Authorization: `Bearer ${me.token}` } })).ok()).toBe(
    true,
  );
});

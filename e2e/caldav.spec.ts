/**
 * CalDAV as a user meets it in the settings: the address to give a calendar app, a token made
 * and its secret shown once and copied, then used by the app (here: requests from the test) to
 * read the user's projects as calendars, and refused once the token is deleted.
 */
import { account, signIn } from './support/accounts';
import { expect, test } from './support/csp-guard';

test('a CalDAV token made in the settings lets an app sync until it is deleted', async ({
  page,
  request,
  context,
  baseURL,
}) => {
  const user = await account(request, 'cal');
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, user.token);

  await page.goto('/user/settings/general');
  await page.getByRole('link', { name: 'CalDAV' }).click();
  await expect(page).toHaveURL(/\/user\/settings\/caldav$/);
  const address = page.getByRole('textbox', { name: 'CalDAV address' });
  await expect(address).toHaveValue(`${baseURL}/dav/principals/${user.username}/`);
  await page.getByRole('button', { name: 'Copy address' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `${baseURL}/dav/principals/${user.username}/`,
  );
  await expect(page.getByText('You have no CalDAV tokens yet.')).toBeVisible();

  await page.getByRole('button', { name: 'Create a token' }).click();
  const secret = page.getByTestId('new-caldav-token');
  await expect(secret).toHaveText(/^[A-Za-z0-9_-]{64}$/);
  const token = (await secret.textContent())?.trim() ?? '';
  await expect(page.getByText('it will not be shown again')).toBeVisible();
  await page.getByRole('button', { name: 'Copy token' }).click();
  await expect(page.getByText('The token was copied to the clipboard.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
  const list = page.getByRole('list', { name: 'Your CalDAV tokens' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem').first()).toContainText('Created');

  // The app signs in with the username and the token, and sees the Inbox as a calendar.
  const basic = { Authorization: `Basic ${Buffer.from(`${user.username}:${token}`).toString('base64')}` };
  const home = await request.fetch('/dav/projects/', {
    method: 'PROPFIND',
    headers: { ...basic, Depth: '1', 'Content-Type': 'application/xml' },
    data: '<d:propfind xmlns:d="DAV:"><d:prop><d:displayname/></d:prop></d:propfind>',
  });
  expect(home.status()).toBe(207);
  expect(await home.text()).toContain('<d:displayname>Inbox</d:displayname>');

  // Shown once: gone after "Done" and after a reload.
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(secret).toHaveCount(0);
  await page.reload();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(page.locator('body')).not.toContainText(token);

  const name = (await list.getByRole('listitem').first().getAttribute('aria-label')) ?? '';
  await page.getByRole('button', { name: `Delete ${name}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete token' }).click();
  await expect(page.getByText('The token was deleted.')).toBeVisible();
  await expect(page.getByText('You have no CalDAV tokens yet.')).toBeVisible();
  const refused = await request.fetch('/dav/projects/', {
    method: 'PROPFIND',
    headers: { ...basic, Depth: '0' },
  });
  expect(refused.status()).toBe(401);
});

test('a repeat rule set in a calendar app is shown as it is until the user replaces it', async ({
  page,
  request,
}) => {
  const user = await account(request, 'rule');
  const project = await user.api<{ id: number }>('PUT', '/projects', { title: 'Chores' });
  const basic = {
    Authorization: `Basic ${Buffer.from(`${user.username}:correct-horse-1`).toString('base64')}`,
  };
  const url = `/dav/projects/${project.id}/chores-1.ics`;
  const put = await request.put(url, {
    headers: { ...basic, 'Content-Type': 'text/calendar' },
    data: [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:-//phone//EN',
      'BEGIN:VTODO',
      'UID:chores-1@phone.example',
      'SUMMARY:Water the plants',
      'RRULE:FREQ=WEEKLY;BYDAY=MO,WE;COUNT=5',
      'END:VTODO',
      'END:VCALENDAR',
      '',
    ].join('\r\n'),
  });
  expect(put.status()).toBe(201);
  const [task] = await user.api<{ id: number }[]>('GET', `/projects/${project.id}/tasks`);
  await signIn(page, user.token);
  await page.goto(`/tasks/${task?.id}`);

  await expect(page.getByText('Custom repeat from a calendar app')).toBeVisible();
  await expect(page.getByTestId('custom-repeat-rule')).toHaveText('FREQ=WEEKLY;BYDAY=MO,WE;COUNT=5');
  await page.getByRole('button', { name: 'Replace' }).click();
  await page.getByRole('button', { name: 'Every week' }).click();
  await expect(page.getByTestId('custom-repeat-rule')).toHaveCount(0);
  await expect
    .poll(async () => (await user.api<{ repeat_rule: string }>('GET', `/tasks/${task?.id}`)).repeat_rule)
    .toBe('');
  const after = await request.get(url, { headers: basic });
  expect(await after.text()).toContain('RRULE:FREQ=WEEKLY;INTERVAL=1');
});

import type { TestApp } from './test-app.js';

/**
 * Shares `projectId` by link (right 0 read, 1 write, 2 admin) as its owner and signs in with the
 * link: answers the link share's token and the share's id.
 */
export async function linkShareToken(
  t: TestApp,
  ownerToken: string,
  projectId: number,
  share: { name: string; right: 0 | 1 | 2 },
): Promise<{ token: string; shareId: number }> {
  const made = await t.request('PUT', `/api/v1/projects/${projectId}/shares`, {
    token: ownerToken,
    body: share,
  });
  if (made.statusCode !== 201 && made.statusCode !== 200) throw new Error(`sharing failed: ${made.body}`);
  const login = await t.request('POST', `/api/v1/shares/${made.json().hash}/auth`, { body: {} });
  if (login.statusCode !== 200) throw new Error(`link-share login failed: ${login.body}`);
  return { token: login.json().token, shareId: made.json().id };
}

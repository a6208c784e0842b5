/**
 * The address a calendar app is given: the user's principal under /dav on the server the web app
 * talks to (the API address without its `/api/v1`). Apps find the calendars from there.
 */
export function caldavUrl(apiUrl: string, username: string): string {
  const server = apiUrl.replace(/\/+$/, '').replace(/\/api\/v1$/, '');
  return `${server}/dav/principals/${encodeURIComponent(username)}/`;
}

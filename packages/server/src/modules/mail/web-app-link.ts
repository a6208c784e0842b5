/** A mailed link into the web app, with a token in the query that the app reads at start. */
export function webAppLink(publicUrl: string, query: string, token: string): string {
  return `${publicUrl.replace(/\/?$/, '/')}?${query}=${encodeURIComponent(token)}`;
}

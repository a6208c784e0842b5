/**
 * The address of a link share (spec 1 §2 "Link-share screen"): the app's public address plus
 * /share/{hash}/auth, optionally naming the view to open and hiding the logo.
 */
export function linkShareUrl(
  frontendUrl: string,
  hash: string,
  options: { viewId?: number | null; logoVisible?: boolean } = {},
): string {
  const base = frontendUrl.replace(/\/+$/, '');
  const query = new URLSearchParams();
  if (options.viewId) query.set('view', String(options.viewId));
  if (options.logoVisible === false) query.set('logoVisible', 'false');
  const search = query.size > 0 ? `?${query}` : '';
  return `${base}/share/${encodeURIComponent(hash)}/auth${search}`;
}

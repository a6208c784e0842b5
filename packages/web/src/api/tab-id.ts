/**
 * This tab's name, sent with its writes (core live/changes.ts `X-Ordo-Tab`): the live echo of a
 * change names the tab that made it, so only that tab skips refetching it.
 */
export const TAB_ID =
  crypto.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 12)}`;

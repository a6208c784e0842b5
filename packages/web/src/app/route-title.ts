/** Route meta titles: each route may carry `handle: { title: '<i18n key>' }`; the deepest wins. */
export interface RouteHandle {
  title?: string;
}

export function routeTitleKey(matches: readonly { route: { handle?: unknown } }[]): string | null {
  for (let i = matches.length - 1; i >= 0; i--) {
    const title = (matches[i].route.handle as RouteHandle | undefined)?.title;
    if (title) return title;
  }
  return null;
}

/**
 * Joins filter texts with `&&`, each part in parentheses when there is more than one, so a part's
 * own `||` stays inside it (joins apply left to right, behaviour.md §4.6). Blank parts are left out.
 */
export function andFilters(...parts: (string | null | undefined)[]): string {
  const present = parts.map((part) => part?.trim() ?? '').filter((part) => part !== '');
  if (present.length <= 1) return present[0] ?? '';
  return present.map((part) => `(${part})`).join(' && ');
}

/**
 * PostgreSQL cannot store the NUL character (U+0000) in text, and no field of the API has a use
 * for it, so input carrying one is refused on every database alike.
 */

/**
 * The path (`title`, `reminders.0.reminder`, `(key)` for a key) of the first string holding a NUL
 * in a parsed JSON value, or null when there is none. It walks with a stack of its own rather than
 * by recursion, so a body nested thousands deep is checked like any other.
 */
export function findNulText(value: unknown, path = ''): string | null {
  const pending: [unknown, string][] = [[value, path]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [item, at] = next;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) return at || '(body)';
      continue;
    }
    if (item === null || typeof item !== 'object') continue;
    // Pushed in reverse, so the first NUL in document order is the one named.
    const entries: [string, unknown][] = Array.isArray(item)
      ? item.map((element, i) => [String(i), element])
      : Object.entries(item);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, element] = entries[i] as [string, unknown];
      const name = key.replaceAll('\u0000', '\\u0000');
      const itemPath = at ? `${at}.${name}` : name;
      if (key.includes('\u0000')) return itemPath;
      pending.push([element, itemPath]);
    }
  }
  return null;
}

/**
 * PostgreSQL cannot store the NUL character (U+0000) in text, and no field of the API has a use
 * for it, so input carrying one is refused on every database alike.
 */

/**
 * The path (`title`, `reminders.0.reminder`, `(key)` for a key) of the first string holding a NUL
 * in a parsed JSON value, or null when there is none.
 */
export function findNulText(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || '(body)' : null;
  if (value === null || typeof value !== 'object') return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findNulText(value[i], path ? `${path}.${i}` : String(i));
      if (found !== null) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    const name = key.replaceAll('\u0000', '\\u0000');
    const itemPath = path ? `${path}.${name}` : name;
    if (key.includes('\u0000')) return itemPath;
    const found = findNulText(item, itemPath);
    if (found !== null) return found;
  }
  return null;
}

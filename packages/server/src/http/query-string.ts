/**
 * Query strings as Vikunja's clients send them: PHP-style array keys are the plain key
 * (`sort_by[]=due_date` ≡ `sort_by=due_date`), and repeated keys form arrays (reference §1.1).
 */
export function parseQueryString(text: string): Record<string, string | string[]> {
  // A prototype-less object, so keys such as "__proto__" stay plain data.
  const query: Record<string, string | string[]> = Object.create(null);
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const key = rawKey.endsWith('[]') ? rawKey.slice(0, -2) : rawKey;
    const existing = query[key];
    if (existing === undefined) query[key] = value;
    else query[key] = [...(Array.isArray(existing) ? existing : [existing]), value];
  }
  return query;
}

/** CORS origin matching as Vikunja does it: exact, `*`, or a pattern ending `:*` for any port. */
export function corsOriginAllowed(origin: string, patterns: string[]): boolean {
  return patterns.some((pattern) => {
    if (pattern === '*' || pattern === origin) return true;
    if (pattern.endsWith(':*')) {
      const base = pattern.slice(0, -2);
      return (
        origin === base || (origin.startsWith(`${base}:`) && /^\d+$/.test(origin.slice(base.length + 1)))
      );
    }
    return false;
  });
}

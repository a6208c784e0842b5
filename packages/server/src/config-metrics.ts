/**
 * Who may read /metrics (modules/metrics), read with the rest of the configuration (config.ts).
 * Metrics tell a stranger how busy a server is, which routes it has and which jobs fail, so the
 * default is off:
 * - `ORDO_METRICS_TOKEN` set (16 characters or more): /metrics answers a scraper that sends
 *   `Authorization: Bearer <token>`, and 401 without it;
 * - `ORDO_METRICS=public`: /metrics answers everyone, for a port only the monitoring network
 *   reaches;
 * - `ORDO_METRICS=off` (or neither set): /metrics answers 404.
 * `ORDO_METRICS=on` asks for the token and fails at start without one.
 */
export type MetricsAccess = { kind: 'off' } | { kind: 'public' } | { kind: 'token'; token: string };

type Env = Record<string, string | undefined>;
type Problem = (message: string) => Error;

const MIN_TOKEN_LENGTH = 16;

export function parseMetricsAccess(env: Env, problem: Problem): MetricsAccess {
  const mode = (env.ORDO_METRICS ?? '').trim().toLowerCase();
  const token = (env.ORDO_METRICS_TOKEN ?? '').trim();
  if (token && token.length < MIN_TOKEN_LENGTH) {
    throw problem(`ORDO_METRICS_TOKEN must be at least ${MIN_TOKEN_LENGTH} characters long`);
  }
  if (/^(0|false|no|off)$/.test(mode)) return { kind: 'off' };
  if (mode === 'public') {
    if (token) throw problem('ORDO_METRICS=public serves /metrics without a token: unset ORDO_METRICS_TOKEN');
    return { kind: 'public' };
  }
  if (mode === '' || /^(1|true|yes|on)$/.test(mode)) {
    if (token) return { kind: 'token', token };
    if (mode === '') return { kind: 'off' };
    throw problem('ORDO_METRICS=on needs ORDO_METRICS_TOKEN, the bearer token scrapers send');
  }
  throw problem(`ORDO_METRICS must be on, off or public, got "${env.ORDO_METRICS}"`);
}

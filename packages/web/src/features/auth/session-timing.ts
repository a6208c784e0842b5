/**
 * When the session is checked and renewed (spec 1 §4, §9): 5 s after start and whenever the
 * window regains focus. An expired token ends the session; one with under 60 minutes left is
 * renewed; a check within a minute of the last one is skipped.
 */
export const FIRST_RENEWAL_DELAY_MS = 5000;
export const RENEW_WHEN_LEFT_S = 60 * 60;
export const MIN_CHECK_INTERVAL_MS = 60 * 1000;

export type SessionCheck = 'expired' | 'renew' | 'keep' | 'skip';

export function decideSessionCheck(input: {
  expirySeconds: number | null;
  nowMs: number;
  lastCheckMs: number | null;
}): SessionCheck {
  const { expirySeconds, nowMs, lastCheckMs } = input;
  // A token we cannot read is as good as expired: the server would reject it.
  if (expirySeconds === null || expirySeconds * 1000 <= nowMs) return 'expired';
  if (lastCheckMs !== null && nowMs - lastCheckMs < MIN_CHECK_INTERVAL_MS) return 'skip';
  return expirySeconds * 1000 - nowMs < RENEW_WHEN_LEFT_S * 1000 ? 'renew' : 'keep';
}

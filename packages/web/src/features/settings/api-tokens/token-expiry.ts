/**
 * When a new token expires (spec 2: 30, 60 or 90 days, or a chosen day). The API requires an
 * expiry date (reference §2.14), so there is no "never".
 */
import { toIsoSeconds } from '@ordo/core';

export const EXPIRY_PRESET_DAYS = [30, 60, 90] as const;

export type ExpiryChoice = '30' | '60' | '90' | 'custom';

const DAY_MS = 86_400_000;

/** The wire expiry for a preset (days from now) or a picked day (`YYYY-MM-DD`, until its end). */
export function expiryDate(choice: ExpiryChoice, pickedDay: string | null, now = new Date()): string | null {
  if (choice !== 'custom') return toIsoSeconds(new Date(now.getTime() + Number(choice) * DAY_MS));
  const match = pickedDay ? /^(\d{4})-(\d{2})-(\d{2})/.exec(pickedDay) : null;
  if (!match) return null;
  const endOfDay = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 23, 59, 59);
  return endOfDay.getTime() > now.getTime() ? toIsoSeconds(endOfDay) : null;
}

export function isExpired(expiresAt: string, now = new Date()): boolean {
  return new Date(expiresAt).getTime() <= now.getTime();
}

/** The first day a custom expiry can be: tomorrow (`YYYY-MM-DD`, local). */
export function firstPickableDay(now = new Date()): string {
  const next = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${next.getFullYear()}-${pad(next.getMonth() + 1)}-${pad(next.getDate())}`;
}

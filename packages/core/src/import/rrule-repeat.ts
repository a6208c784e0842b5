/**
 * An iCalendar RRULE (as TickTick exports its repeats) in Ordo's repeat terms: every N seconds,
 * or monthly on the same day. Only the frequency and interval carry over; rules that pick
 * weekdays or set positions have no equivalent and repeat by their frequency. Answers null for a
 * rule without a frequency Ordo knows.
 */
import { type RepeatMode, repeatModes } from '../repeat/repeat.js';

export interface RepeatFromRule {
  repeatAfter: number;
  repeatMode: RepeatMode;
}

const SECONDS: Record<string, number> = {
  HOURLY: 3_600,
  DAILY: 86_400,
  WEEKLY: 604_800,
  YEARLY: 31_536_000,
};

export function repeatFromRrule(text: string): RepeatFromRule | null {
  const line = text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .find((l) => l !== '');
  if (!line) return null;
  const parts = new Map<string, string>();
  for (const part of line.replace(/^RRULE:/i, '').split(';')) {
    const [key, value] = part.split('=');
    if (key && value) parts.set(key.trim().toUpperCase(), value.trim().toUpperCase());
  }
  const freq = parts.get('FREQ');
  const interval = Number(parts.get('INTERVAL') ?? '1');
  if (!freq || !Number.isInteger(interval) || interval < 1) return null;
  if (freq === 'MONTHLY') {
    return interval === 1
      ? { repeatAfter: 0, repeatMode: repeatModes.monthly }
      : { repeatAfter: interval * 30 * 86_400, repeatMode: repeatModes.default };
  }
  const unit = SECONDS[freq];
  return unit ? { repeatAfter: unit * interval, repeatMode: repeatModes.default } : null;
}

/**
 * The home greeting (reference §6): a time-of-day bucket from the local hour, then a sentence
 * picked from the bucket's pool by a stable hash of date, bucket and account creation time, so a
 * user sees the same sentence all morning and a different one tomorrow.
 */
export type GreetingBucket = 'night' | 'morning' | 'day' | 'evening';

export function greetingBucket(hour: number): GreetingBucket {
  if (hour <= 4 || hour === 23) return 'night';
  if (hour <= 10) return 'morning';
  if (hour <= 17) return 'day';
  return 'evening';
}

/** djb2 over UTF-16 units, wrapped to signed 32 bits, read as unsigned. */
export function djb2(text: string): number {
  let hash = 5381;
  for (let i = 0; i < text.length; i++) hash = (Math.imul(hash, 33) + text.charCodeAt(i)) | 0;
  return hash >>> 0;
}

const POOL_SIZE: Record<GreetingBucket, number> = { night: 6, morning: 7, day: 6, evening: 6 };

/**
 * The i18n key of the greeting, or null without a display name. Morning's last entry is the
 * weekday extra (`home.greeting.weekday.<0-6>`); the others are `home.greeting.<bucket>.<i>`.
 */
export function greetingKey(now: Date, displayName: string, userCreatedMs: number): string | null {
  if (!displayName) return null;
  const bucket = greetingBucket(now.getHours());
  const key = `${now.getFullYear()}-${now.getMonth() + 1}-${now.getDate()}_${bucket}_${userCreatedMs}`;
  const index = djb2(key) % POOL_SIZE[bucket];
  if (bucket === 'morning' && index === 6) return `home.greeting.weekday.${now.getDay()}`;
  return `home.greeting.${bucket}.${index}`;
}

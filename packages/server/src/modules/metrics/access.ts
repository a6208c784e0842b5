/** Whether a scrape may read /metrics (config-metrics.ts says who may). */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { MetricsAccess } from '../../config-metrics.js';

export type ScrapeVerdict = 'allowed' | 'off' | 'unauthorized';

const digest = (text: string) => createHash('sha256').update(text).digest();

export function scrapeVerdict(access: MetricsAccess, authorization: string | undefined): ScrapeVerdict {
  if (access.kind === 'off') return 'off';
  if (access.kind === 'public') return 'allowed';
  const given = /^Bearer (.+)$/i.exec(authorization ?? '')?.[1]?.trim() ?? '';
  // Compared as digests, in constant time: the answer's timing tells nothing about the token.
  return timingSafeEqual(digest(given), digest(access.token)) ? 'allowed' : 'unauthorized';
}

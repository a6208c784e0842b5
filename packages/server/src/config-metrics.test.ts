import { describe, expect, it } from 'vitest';
import { parseMetricsAccess } from './config-metrics.js';
import { scrapeVerdict } from './modules/metrics/access.js';

const problem = (message: string) => new Error(message);
const parse = (env: Record<string, string>) => parseMetricsAccess(env, problem);
const TOKEN = 'a-token-of-20-chars!';

describe('who may read /metrics', () => {
  it('is no one by default', () => {
    expect(parse({})).toEqual({ kind: 'off' });
    expect(parse({ ORDO_METRICS: 'off', ORDO_METRICS_TOKEN: TOKEN })).toEqual({ kind: 'off' });
  });

  it('is a scraper with the bearer token once a token is set', () => {
    expect(parse({ ORDO_METRICS_TOKEN: TOKEN })).toEqual({ kind: 'token', token: TOKEN });
    expect(parse({ ORDO_METRICS: 'on', ORDO_METRICS_TOKEN: TOKEN })).toEqual({ kind: 'token', token: TOKEN });
  });

  it('is everyone only when asked for by name', () => {
    expect(parse({ ORDO_METRICS: 'public' })).toEqual({ kind: 'public' });
  });

  it('refuses settings that leave it unclear or weak', () => {
    expect(() => parse({ ORDO_METRICS: 'on' })).toThrow(/needs ORDO_METRICS_TOKEN/);
    expect(() => parse({ ORDO_METRICS_TOKEN: 'short' })).toThrow(/at least 16 characters/);
    expect(() => parse({ ORDO_METRICS: 'public', ORDO_METRICS_TOKEN: TOKEN })).toThrow(/without a token/);
    expect(() => parse({ ORDO_METRICS: 'sometimes' })).toThrow(/on, off or public/);
  });

  it('lets a scrape through by the exact token only', () => {
    const access = { kind: 'token', token: TOKEN } as const;
    expect(scrapeVerdict(access, `Bearer ${TOKEN}`)).toBe('allowed');
    expect(scrapeVerdict(access, `bearer ${TOKEN}`)).toBe('allowed');
    expect(scrapeVerdict(access, undefined)).toBe('unauthorized');
    expect(scrapeVerdict(access, `Bearer ${TOKEN.slice(1)}`)).toBe('unauthorized');
    expect(scrapeVerdict(access, `Basic ${TOKEN}`)).toBe('unauthorized');
    expect(scrapeVerdict({ kind: 'off' }, `Bearer ${TOKEN}`)).toBe('off');
    expect(scrapeVerdict({ kind: 'public' }, undefined)).toBe('allowed');
  });
});

import { describe, expect, it } from 'vitest';
import { KeepaliveQuota } from './keepalive-quota';

describe('the keepalive quota', () => {
  it('takes bodies while they fit together and refuses the one that would cross the limit', () => {
    const quota = new KeepaliveQuota(100);
    expect(quota.take(60)).toBe(true);
    expect(quota.take(40)).toBe(true);
    expect(quota.take(1)).toBe(false);
  });

  it('has room again once a request has its answer', () => {
    const quota = new KeepaliveQuota(100);
    expect(quota.take(80)).toBe(true);
    expect(quota.take(30)).toBe(false);
    quota.give(80);
    expect(quota.take(30)).toBe(true);
    expect(quota.take(70)).toBe(true);
  });

  it('never takes a body larger than the limit on its own', () => {
    expect(new KeepaliveQuota(100).take(101)).toBe(false);
  });
});

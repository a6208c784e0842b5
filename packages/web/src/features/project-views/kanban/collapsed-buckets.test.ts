import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '../../projects/memory-storage.test-helper';
import { COLLAPSED_BUCKETS_KEY, collapsedBuckets, setBucketCollapsed } from './collapsed-buckets';

describe('collapsed buckets', () => {
  it('are kept per view and can be expanded again', () => {
    const storage = new MemoryStorage();
    setBucketCollapsed(4, 10, true, storage);
    setBucketCollapsed(4, 11, true, storage);
    setBucketCollapsed(8, 30, true, storage);
    setBucketCollapsed(4, 10, false, storage);
    expect([...collapsedBuckets(4, storage)]).toEqual([11]);
    expect([...collapsedBuckets(8, storage)]).toEqual([30]);
    expect(JSON.parse(storage.getItem(COLLAPSED_BUCKETS_KEY) ?? '')).toEqual({ 4: [11], 8: [30] });
  });

  it('reads broken stored data as nothing collapsed', () => {
    const storage = new MemoryStorage();
    storage.setItem(COLLAPSED_BUCKETS_KEY, '{not json');
    expect(collapsedBuckets(4, storage).size).toBe(0);
    storage.setItem(COLLAPSED_BUCKETS_KEY, JSON.stringify({ 4: 'x' }));
    expect(collapsedBuckets(4, storage).size).toBe(0);
  });
});

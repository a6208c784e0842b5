import { describe, expect, it } from 'vitest';
import { connectionScheduling } from './connection-scheduling.js';

describe('connectionScheduling', () => {
  it('lets every worker accept its own connections by default', () => {
    expect(connectionScheduling({})).toBe('none');
  });

  it("keeps the operator's NODE_CLUSTER_SCHED_POLICY", () => {
    expect(connectionScheduling({ NODE_CLUSTER_SCHED_POLICY: 'rr' })).toBe('rr');
    expect(connectionScheduling({ NODE_CLUSTER_SCHED_POLICY: 'none' })).toBe('none');
  });

  it('ignores a value Node does not know', () => {
    expect(connectionScheduling({ NODE_CLUSTER_SCHED_POLICY: 'random' })).toBe('none');
  });
});

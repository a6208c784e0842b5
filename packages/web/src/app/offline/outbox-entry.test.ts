import { describe, expect, it } from 'vitest';
import { joinedSince, type OutboxEntry } from './outbox-entry';

function entry(key: string, more: Partial<OutboxEntry> = {}): OutboxEntry {
  return {
    kind: 'update',
    method: 'POST',
    path: '/tasks/7',
    body: {},
    taskId: 7,
    key,
    headers: {},
    tempId: 0,
    title: 'Write copy',
    at: 0,
    ...more,
  };
}

describe('joinedSince', () => {
  it('is true when a write made meanwhile waits', () => {
    expect(joinedSince([entry('a'), entry('b')], new Set(['a']))).toBe(true);
  });

  it('is false when everything waiting was there before', () => {
    expect(joinedSince([entry('a')], new Set(['a']))).toBe(false);
    expect(joinedSince([], new Set(['a']))).toBe(false);
  });

  it('leaves out writes taken over from a closed page meanwhile', () => {
    // A save answered online while the app took over a reloaded page's leftover write.
    expect(joinedSince([entry('left', { fromClosedPage: true })], new Set())).toBe(false);
    expect(joinedSince([entry('left', { fromClosedPage: true }), entry('mine')], new Set())).toBe(true);
  });
});

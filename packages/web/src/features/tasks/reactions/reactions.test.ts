import { describe, expect, it } from 'vitest';
import type { ReactionMap } from '../../../api/reactions';
import type { User } from '../../../api/types';
import { hasReacted, summarizeReactions, toggleReaction, withReaction } from './reactions';

function user(id: number, username: string): User {
  return { id, username, name: '', created: '', updated: '' };
}

const ada = user(1, 'ada');
const bob = user(2, 'bob');

describe('reactions', () => {
  it('summarizes in the server order with who gave each and whether I did', () => {
    const map: ReactionMap = { '🎉': [bob], '👍': [ada, bob], '👀': [] };
    expect(summarizeReactions(map, ada.id)).toEqual([
      { value: '🎉', users: [bob], mine: false },
      { value: '👍', users: [ada, bob], mine: true },
    ]);
    expect(summarizeReactions(null, ada.id)).toEqual([]);
  });

  it('adds my reaction after the others, and a new value at the end', () => {
    const map: ReactionMap = { '👍': [bob] };
    expect(toggleReaction(map, '👍', ada)).toEqual({ '👍': [bob, ada] });
    expect(Object.keys(toggleReaction(map, '🚀', ada))).toEqual(['👍', '🚀']);
    expect(toggleReaction(null, '👀', ada)).toEqual({ '👀': [ada] });
  });

  it('removes only my reaction, and the value once nobody gave it', () => {
    const map: ReactionMap = { '👍': [ada, bob], '🎉': [ada] };
    expect(toggleReaction(map, '👍', ada)).toEqual({ '👍': [bob], '🎉': [ada] });
    expect(toggleReaction(map, '🎉', ada)).toEqual({ '👍': [ada, bob] });
  });

  it('leaves the map it was given as it was, for a rollback', () => {
    const map: ReactionMap = { '👍': [ada] };
    toggleReaction(map, '👍', ada);
    toggleReaction(map, '🎉', ada);
    expect(map).toEqual({ '👍': [ada] });
  });

  it('knows whether I reacted with a value', () => {
    const map: ReactionMap = { '👍': [bob] };
    expect(hasReacted(map, '👍', bob.id)).toBe(true);
    expect(hasReacted(map, '👍', ada.id)).toBe(false);
    expect(hasReacted(undefined, '👍', ada.id)).toBe(false);
  });

  it('gives or takes back a reaction idempotently, so a rollback undoes exactly one change', () => {
    const map: ReactionMap = { '👍': [bob] };
    expect(withReaction(map, '👍', bob, true)).toEqual({ '👍': [bob] });
    expect(withReaction(map, '🎉', ada, false)).toEqual({ '👍': [bob] });
    // Ada's 👍 failed to save while Bob's 🎉 arrived meanwhile: only Ada's 👍 is taken back.
    const after = { '👍': [bob, ada], '🎉': [bob] };
    expect(withReaction(after, '👍', ada, false)).toEqual({ '👍': [bob], '🎉': [bob] });
  });
});

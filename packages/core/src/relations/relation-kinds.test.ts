import { describe, expect, it } from 'vitest';
import { isRelationKind, RELATION_INVERSES } from './relation-kinds.js';

describe('relation kinds', () => {
  it('pairs every kind with a kind whose inverse is the first again', () => {
    for (const [kind, inverse] of Object.entries(RELATION_INVERSES)) {
      expect(RELATION_INVERSES[inverse]).toBe(kind);
    }
    expect(RELATION_INVERSES.subtask).toBe('parenttask');
    expect(RELATION_INVERSES.related).toBe('related');
  });

  it('knows only the reference’s kinds, not inherited names', () => {
    expect(isRelationKind('blocking')).toBe(true);
    expect(isRelationKind('toString')).toBe(false);
    expect(isRelationKind('child')).toBe(false);
  });
});

import { parseFilter } from '@ordo/core';
import { describe, expect, it } from 'vitest';
import { andFilters } from './and-filters';

describe('andFilters', () => {
  it('gives a single part unchanged and nothing for no parts', () => {
    expect(andFilters('done = false')).toBe('done = false');
    expect(andFilters('', '  ', undefined, null)).toBe('');
    expect(andFilters(' priority >= 3 ', '')).toBe('priority >= 3');
  });

  it('keeps each part’s own || inside its parentheses', () => {
    const joined = andFilters('bucket_id = 4', 'priority = 1 || priority = 5');
    expect(joined).toBe('(bucket_id = 4) && (priority = 1 || priority = 5)');
    // Without the parentheses this would read `(bucket_id = 4 && priority = 1) || priority = 5`.
    expect(parseFilter(joined)).toMatchObject({
      type: 'junction',
      join: 'and',
      left: { field: 'bucket_id' },
      right: { type: 'junction', join: 'or' },
    });
  });
});

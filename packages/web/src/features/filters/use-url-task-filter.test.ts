import { describe, expect, it } from 'vitest';
import { readUrlTaskFilter, taskFilterQuery, writeUrlTaskFilter } from './use-url-task-filter';

describe('the task filter in the URL', () => {
  it('round-trips and keeps other parameters', () => {
    const params = writeUrlTaskFilter(new URLSearchParams('page=2'), {
      filter: 'labels in 1, 2 && due_date < now/d+1d',
      s: '',
      includeNulls: true,
    });
    expect(params.get('page')).toBe('2');
    expect(params.has('s')).toBe(false);
    expect(readUrlTaskFilter(new URLSearchParams(params.toString()))).toEqual({
      filter: 'labels in 1, 2 && due_date < now/d+1d',
      s: '',
      includeNulls: true,
    });
  });

  it('removes cleared parts', () => {
    const params = writeUrlTaskFilter(new URLSearchParams('filter=done+%3D+true&includeNulls=true'), {
      filter: '',
      s: 'PROJ-4',
      includeNulls: false,
    });
    expect(params.toString()).toBe('s=PROJ-4');
  });

  it('sends include-nulls only with a filter', () => {
    expect(taskFilterQuery({ filter: '', s: 'x', includeNulls: true })).toEqual({
      filter: undefined,
      s: 'x',
      filterIncludeNulls: undefined,
    });
    expect(taskFilterQuery({ filter: 'done = true', s: '', includeNulls: false })).toMatchObject({
      filter: 'done = true',
      filterIncludeNulls: false,
    });
  });
});

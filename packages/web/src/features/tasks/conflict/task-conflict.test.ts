import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../../api/api-error';
import type { Task } from '../../../api/tasks';
import { conflictingFields, mergedDescription, theirsOf } from './task-conflict';

const task = (fields: Partial<Task>) =>
  ({ id: 1, title: 'Plan', description: '<p>a</p>', ...fields }) as Task;

describe('conflictingFields', () => {
  it('names only the fields both sides changed, to different values', () => {
    const base = task({});
    const theirs = task({ title: 'Their plan', description: '<p>b</p>', priority: 2 });
    expect(conflictingFields({ base, theirs, patch: { description: '<p>mine</p>', priority: 2 } })).toEqual([
      'description',
    ]);
    expect(conflictingFields({ base, theirs, patch: { dueDate: '2030-01-01T00:00:00Z' } })).toEqual([]);
    expect(conflictingFields({ base, theirs, patch: { title: 'My plan' } })).toEqual(['title']);
  });
});

describe('mergedDescription', () => {
  it('keeps both texts, theirs first, and no separator when one is empty', () => {
    expect(mergedDescription('<p>theirs</p>', '<p>mine</p>')).toBe('<p>theirs</p><hr><p>mine</p>');
    expect(mergedDescription('', '<p>mine</p>')).toBe('<p>mine</p>');
    expect(mergedDescription('<p>theirs</p>', ' ')).toBe('<p>theirs</p>');
  });
});

describe('theirsOf', () => {
  it('reads the current task from a 412 with code 30070 only', () => {
    const current = task({ title: 'Now' });
    const conflict = new ApiRequestError(412, 30070, 'changed', [], { task: current, version: '"v"' });
    expect(theirsOf(conflict)).toEqual({ task: current, version: '"v"' });
    expect(theirsOf(new ApiRequestError(412, 2002, 'invalid', [], { task: current }))).toBeNull();
    expect(theirsOf(new Error('x'))).toBeNull();
  });
});

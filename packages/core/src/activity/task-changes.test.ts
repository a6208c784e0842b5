import { describe, expect, it } from 'vitest';
import { setChange, taskFieldChanges } from './task-changes.js';

describe('taskFieldChanges', () => {
  it('lists only the tracked fields that changed, with their wire values', () => {
    const before = { title: 'Old', done: 0, priority: 1, due_date: null, description: '<p>a</p>', uid: 'x' };
    const after = { title: 'New', done: true, priority: '1', due_date: '2030-01-01T10:00:00Z', uid: 'y' };
    expect(taskFieldChanges(before, after)).toEqual([
      { field: 'title', before: 'Old', after: 'New' },
      { field: 'done', before: false, after: true },
      { field: 'due_date', before: null, after: '2030-01-01T10:00:00Z' },
    ]);
  });

  it('records nothing when a write leaves every field as it was', () => {
    const row = { title: 'Same', done: 1, percent_done: 0.5, hex_color: '', end_date: '' };
    expect(taskFieldChanges(row, { ...row, done: true, end_date: null })).toEqual([]);
  });
});

describe('setChange', () => {
  const ada = { id: 1, name: 'ada' };
  const bob = { id: 2, name: 'bob' };
  it('is one change listing both sets by id when members differ', () => {
    expect(setChange('assignees', [bob], [bob, ada])).toEqual({
      field: 'assignees',
      before: [bob],
      after: [ada, bob],
    });
  });
  it('is nothing when only the order differs', () => {
    expect(setChange('labels', [ada, bob], [bob, ada])).toBeNull();
  });
});

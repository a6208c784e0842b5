import { describe, expect, it } from 'vitest';
import type { TaskRow } from '../../db/schema.js';
import { remindersDiffer, revisesVtodo } from './vtodo-revision.js';

const row: TaskRow = {
  id: 1,
  project_id: 2,
  title: 'Pay rent',
  description: '<p>Monthly</p>',
  done: 0,
  done_at: null,
  due_date: '2030-03-01T15:00:00Z',
  start_date: null,
  end_date: null,
  repeat_after: 0,
  repeat_mode: 0,
  repeat_rule: '',
  repeat_dates: 0,
  priority: 2,
  hex_color: '',
  percent_done: 0,
  index: 1,
  uid: 'u-1',
  cover_image_attachment_id: 0,
  created_by_id: 1,
  created: '2030-01-01T10:00:00Z',
  updated: '2030-01-02T10:00:00Z',
  caldav_sequence: 0,
};

describe('a new revision of a task’s VTODO', () => {
  it('is a write that changes what the VTODO shows', () => {
    expect(revisesVtodo(row, { title: 'Pay the rent' })).toBe(true);
    expect(revisesVtodo(row, { done: true, done_at: '2030-03-01T16:00:00Z' })).toBe(true);
    expect(revisesVtodo(row, { due_date: '2030-03-02T15:00:00Z' })).toBe(true);
    expect(revisesVtodo(row, { priority: 3 })).toBe(true);
    expect(revisesVtodo(row, { repeat_after: 86_400 })).toBe(true);
    expect(revisesVtodo(row, { hex_color: 'ff0000' })).toBe(true);
  });

  it('is not a write of the same values in another form, nor of what the VTODO does not show', () => {
    expect(
      revisesVtodo(row, {
        title: 'Pay rent',
        done: false,
        due_date: '2030-03-01T15:00:00.000Z',
        start_date: '0001-01-01T00:00:00Z',
        end_date: null,
        priority: 2,
        repeat_after: 0,
        repeat_rule: '',
      }),
    ).toBe(false);
    expect(revisesVtodo(row, { project_id: 3, index: 7, cover_image_attachment_id: 4 })).toBe(false);
  });

  it('counts reminders by what the alarms show, in any order', () => {
    const relative = { reminder: '2030-03-01T14:50:00Z', relative_period: -600, relative_to: 'due_date' };
    const absolute = { reminder: '2030-02-28T09:00:00Z', relative_period: 0, relative_to: '' };
    expect(remindersDiffer([relative, absolute], [absolute, relative])).toBe(false);
    expect(remindersDiffer([relative], [relative, absolute])).toBe(true);
    expect(remindersDiffer([relative], [{ ...relative, relative_period: -900 }])).toBe(true);
  });
});

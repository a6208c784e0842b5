import { TaskBody } from '@ordo/core';
import { describe, expect, it } from 'vitest';
import { snakeToCamel } from './case-conversion';
import { type Task, taskInput } from './tasks';

const task = {
  id: 7,
  title: 'Water the plants',
  description: '',
  done: false,
  dueDate: '2026-11-22T09:00:00Z',
  startDate: '0001-01-01T00:00:00Z',
  endDate: '0001-01-01T00:00:00Z',
  repeatAfter: 0,
  repeatMode: 0,
  priority: 2,
  hexColor: '',
  percentDone: 0,
  isFavorite: false,
  bucketId: 1,
  index: 3,
  projectId: 1,
  coverImageAttachmentId: 0,
  assignees: [{ id: 4, name: '', username: 'ada', created: '', updated: '' }],
  reminders: [{ reminder: '2026-11-22T08:00:00Z', relativePeriod: 0, relativeTo: '' }],
} as unknown as Task;

describe('taskInput', () => {
  // An update replaces the whole task on the server: leaving these out would delete them.
  it('carries assignees and reminders so a full-replace update keeps them', () => {
    const input = taskInput(task);
    expect(input.assignees).toEqual(task.assignees);
    expect(input.reminders).toEqual(task.reminders);
  });

  it('sends empty lists, not nothing, for a task without assignees or reminders', () => {
    const input = taskInput({ ...task, assignees: null, reminders: null });
    expect(input.assignees).toEqual([]);
    expect(input.reminders).toEqual([]);
  });

  // A field of the body left out would be reset to its zero value by every edit.
  it('sends every field of the update body, in its order', () => {
    const input = taskInput({ ...task, repeatRule: '' });
    // …but custom field values, which only the saves that change them send.
    expect(Object.keys(input)).toEqual(
      Object.keys(TaskBody.properties)
        .filter((key) => key !== 'custom_fields')
        .map(snakeToCamel),
    );
    expect(input.priority).toBe(2);
    expect(input.dueDate).toBe(task.dueDate);
  });

  // Left out, the server keeps every value; a save that changes one sends only that key.
  it('leaves custom field values out, so an edit of another field never undoes a newer value', () => {
    expect(taskInput({ ...task, customFields: { '3': 'stale' } } as Task)).not.toHaveProperty('customFields');
  });

  it("leaves a calendar app's repeat rule out, so the server keeps it, and sends its clearing", () => {
    expect(taskInput({ ...task, repeatRule: 'FREQ=WEEKLY;BYDAY=MO,WE' })).not.toHaveProperty('repeatRule');
    expect(taskInput({ ...task, repeatRule: '' }).repeatRule).toBe('');
  });
});

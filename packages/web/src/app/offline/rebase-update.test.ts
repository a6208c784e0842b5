import { describe, expect, it } from 'vitest';
import { type Task, taskInput } from '../../api/tasks';
import { rebaseUpdate } from './rebase-update';

const base = {
  id: 7,
  title: 'Water the plants',
  description: '<p>Twice a week</p>',
  done: false,
  dueDate: '0001-01-01T00:00:00Z',
  startDate: '0001-01-01T00:00:00Z',
  endDate: '0001-01-01T00:00:00Z',
  repeatAfter: 0,
  repeatMode: 0,
  repeatRule: '',
  priority: 2,
  hexColor: '',
  percentDone: 0,
  isFavorite: false,
  bucketId: 1,
  index: 3,
  projectId: 1,
  coverImageAttachmentId: 0,
  assignees: null,
  reminders: null,
} as unknown as Task;

describe('rebaseUpdate', () => {
  it('sends its own change on the current task, keeping what someone else changed elsewhere', () => {
    const current = { ...base, title: 'Water the garden', priority: 4 };
    const { body, kept, merged } = rebaseUpdate(base, { ...taskInput(base), done: true }, current);
    expect(body).toMatchObject({ title: 'Water the garden', priority: 4, done: true });
    expect(kept).toEqual([]);
    expect(merged).toEqual([]);
  });

  it('keeps the other value of a field both changed, and says so', () => {
    const current = { ...base, title: 'Theirs' };
    const mine = { ...taskInput(base), title: 'Mine', done: true };
    const { body, kept } = rebaseUpdate(base, mine, current);
    expect(body).toMatchObject({ title: 'Theirs', done: true });
    expect(kept).toEqual(['title']);
  });

  it('keeps both descriptions when both changed it, theirs first', () => {
    const current = { ...base, description: '<p>Theirs</p>' };
    const mine = { ...taskInput(base), description: '<p>Mine</p>' };
    const { body, merged } = rebaseUpdate(base, mine, current);
    expect(body?.description).toBe('<p>Theirs</p><hr><p>Mine</p>');
    expect(merged).toEqual(['description']);
  });

  it('sends nothing when the server has the change already (a send that did arrive)', () => {
    const current = { ...base, done: true };
    expect(rebaseUpdate(base, { ...taskInput(base), done: true }, current).body).toBeNull();
  });

  it('takes no list and an empty list as the same (no change to assignees or reminders)', () => {
    const current = { ...base, assignees: [] } as unknown as Task;
    const { body, kept } = rebaseUpdate(base, { ...taskInput(base), priority: 5 }, current);
    expect(body).toMatchObject({ priority: 5 });
    expect(kept).toEqual([]);
  });
});

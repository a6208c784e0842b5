import { describe, expect, it } from 'vitest';
import { hasRecognisedParts, previewLines } from './preview-model';
import { type QuickAddEnvironment, quickAddDraft } from './task-draft';

const projects = [
  { id: 1, title: 'Inbox', identifier: '', isArchived: false },
  { id: 2, title: 'Work', identifier: 'JOB', isArchived: false },
];
// Wed 2026-04-15 10:30 local time.
const now = new Date(2026, 3, 15, 10, 30);

function environment(overrides: Partial<QuickAddEnvironment> = {}): QuickAddEnvironment {
  return { mode: 'vikunja', now, projects, givenProjectId: 2, routeProjectId: null, ...overrides };
}

describe('quick-add task draft', () => {
  it('reads every part of a full line', () => {
    const draft = quickAddDraft('Buy milk *errand +Inbox !3 tomorrow at 5pm every week', environment());
    expect(draft.title).toBe('Buy milk');
    expect(draft.labels).toEqual(['errand']);
    expect(draft.projectId).toBe(1);
    expect(draft.priority).toBe(3);
    expect(draft.dueDate).toEqual(new Date(2026, 3, 16, 17, 0));
    expect(draft.repeatFields).toEqual({ repeatAfter: 604_800, repeatMode: 0 });
  });

  it('uses the raw input as title, without labels, when nothing else is left', () => {
    const draft = quickAddDraft('*errand', environment());
    expect(draft.title).toBe('*errand');
    expect(draft.labels).toEqual([]);
  });

  it('sets monthly repeat mode for a repeat of one month', () => {
    expect(quickAddDraft('Rent monthly', environment()).repeatFields).toEqual({
      repeatAfter: 0,
      repeatMode: 1,
    });
    expect(quickAddDraft('Rent every 2 months', environment()).repeatFields).toEqual({
      repeatAfter: 5_184_000,
      repeatMode: 0,
    });
  });

  it('keeps assignees in the title until they are found', () => {
    const draft = quickAddDraft('Call @ada today', environment());
    expect(draft.assignees).toEqual(['ada']);
    expect(draft.title).toBe('Call @ada');
  });

  it('has no project when none is named, given or routed', () => {
    expect(quickAddDraft('Task', environment({ givenProjectId: null })).projectId).toBeNull();
    expect(quickAddDraft('Task', environment({ givenProjectId: null, routeProjectId: 2 })).projectId).toBe(2);
  });

  it('reads nothing in disabled mode', () => {
    const draft = quickAddDraft('Buy milk *errand +Inbox !3', environment({ mode: 'disabled' }));
    expect(draft.title).toBe('Buy milk *errand +Inbox !3');
    expect(draft.projectId).toBe(2);
    expect(draft.labels).toEqual([]);
  });
});

describe('quick-add preview', () => {
  it('shows one line per pasted task, with subtask depth and inherited projects', () => {
    const lines = previewLines(
      'Trip +Work\n  Book train !2\n    Pay\nShopping',
      environment({ givenProjectId: 1 }),
    );
    expect(lines.map((l) => [l.draft.title, l.depth, l.project?.title])).toEqual([
      ['Trip', 0, 'Work'],
      ['Book train', 1, 'Work'],
      ['Pay', 2, 'Work'],
      ['Shopping', 0, 'Inbox'],
    ]);
    // "Pay" shows the project it inherits; "Shopping" has nothing but its title.
    expect(lines.map(hasRecognisedParts)).toEqual([true, true, true, false]);
  });

  it('flags a project name that matches nothing', () => {
    const [line] = previewLines('Task +Nowhere', environment());
    expect(line.projectNameUnknown).toBe(true);
    expect(line.project?.id).toBe(2);
    expect(previewLines('   ', environment())).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { parseQuickAdd } from './pipeline.js';
import { quickAddRepeatFields, quickAddTitleAndLabels, removeQuickAddAssignees } from './task-creation.js';

const now = new Date(2026, 3, 15, 10, 30);

describe('quickAddTitleAndLabels (behaviour.md §1.8)', () => {
  it('uses the raw input and applies no labels when nothing is left of the text', () => {
    const result = parseQuickAdd('*label', { mode: 'vikunja', now });
    expect(quickAddTitleAndLabels('*label', result)).toEqual({ title: '*label', labels: [] });
  });

  it('uses the raw input when only a date was typed', () => {
    const result = parseQuickAdd('tomorrow', { mode: 'vikunja', now });
    expect(result.date).not.toBeNull();
    expect(quickAddTitleAndLabels('tomorrow', result).title).toBe('tomorrow');
  });

  it('uses the parsed text and its labels otherwise', () => {
    const result = parseQuickAdd('Buy milk *shop *home', { mode: 'vikunja', now });
    expect(quickAddTitleAndLabels('Buy milk *shop *home', result)).toEqual({
      title: 'Buy milk',
      labels: ['shop', 'home'],
    });
  });
});

describe('removeQuickAddAssignees', () => {
  it('removes only the names that matched real users', () => {
    const result = parseQuickAdd('Task tomorrow @alice @ghost', { mode: 'vikunja', now });
    expect(result.assignees).toEqual(['alice', 'ghost']);
    // The removed date leaves its two spaces; inner spaces are never collapsed.
    expect(removeQuickAddAssignees(result.text, ['alice'], 'vikunja')).toBe('Task  @ghost');
  });

  it('uses the todoist assignee prefix in todoist mode', () => {
    expect(removeQuickAddAssignees('Task  +alice', ['alice'], 'todoist')).toBe('Task');
    expect(removeQuickAddAssignees('Task  @alice', ['alice'], 'todoist')).toBe('Task  @alice');
  });

  it('removes quoted names and compares case-insensitively', () => {
    expect(removeQuickAddAssignees('Task @"Jane Doe" review', ['jane doe'], 'vikunja')).toBe('Task review');
  });

  it('never removes a name glued to a longer token', () => {
    expect(removeQuickAddAssignees('Task @al @alice', ['al'], 'vikunja')).toBe('Task @alice');
  });

  it('leaves the title alone in disabled mode or with no users', () => {
    expect(removeQuickAddAssignees('Task @alice', ['alice'], 'disabled')).toBe('Task @alice');
    expect(removeQuickAddAssignees('Task @alice', [], 'vikunja')).toBe('Task @alice');
  });
});

describe('quickAddRepeatFields', () => {
  it('switches a monthly repeat of 1 to month mode', () => {
    expect(quickAddRepeatFields({ amount: 1, type: 'months' })).toEqual({ repeatAfter: 0, repeatMode: 1 });
    const monthly = parseQuickAdd('Pay rent monthly', { mode: 'vikunja', now }).repeats;
    expect(quickAddRepeatFields(monthly)).toEqual({ repeatAfter: 0, repeatMode: 1 });
  });

  it.each([
    [{ amount: 1, type: 'hours' as const }, 3600],
    [{ amount: 3, type: 'hours' as const }, 10_800],
    [{ amount: 1, type: 'days' as const }, 86_400],
    [{ amount: 2, type: 'days' as const }, 172_800],
    [{ amount: 1, type: 'weeks' as const }, 604_800],
    [{ amount: 2, type: 'months' as const }, 5_184_000],
    [{ amount: 6, type: 'months' as const }, 15_552_000],
    [{ amount: 1, type: 'years' as const }, 31_536_000],
    [{ amount: 10, type: 'years' as const }, 315_360_000],
  ])('%j is an interval of %i seconds', (repeat, seconds) => {
    expect(quickAddRepeatFields(repeat)).toEqual({ repeatAfter: seconds, repeatMode: 0 });
  });

  it('gives nothing without a repeat', () => {
    expect(quickAddRepeatFields(null)).toBeNull();
  });
});

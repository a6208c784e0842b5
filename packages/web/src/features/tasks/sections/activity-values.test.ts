import { describe, expect, it } from 'vitest';
import { activityValueText } from './activity-values';

const t = (key: string) => `<${key}>`;
const shown = (field: string, value: unknown) => activityValueText(t, field, value, 'en');

describe('activity values', () => {
  it('names a person of a person field, not [object Object]', () => {
    expect(shown('Reviewer', { id: 7, name: 'kim' })).toBe('kim');
  });

  it('lists the choices of a multiple choice field and the labels of a task', () => {
    expect(shown('Tags', ['Red', 'Blue'])).toBe('Red, Blue');
    expect(
      shown('labels', [
        { id: 1, name: 'errand' },
        { id: 2, name: 'garden' },
      ]),
    ).toBe('errand, garden');
    expect(shown('Tags', [])).toBeNull();
  });

  it('shows a checkbox as yes or no', () => {
    expect(shown('Reviewed', true)).toBe('<customFields.yes>');
    expect(shown('Reviewed', false)).toBe('<customFields.no>');
  });

  it('shows a custom date and a task date as dates, and text that only looks like one as text', () => {
    const when = shown('Shipped', '2026-11-27T10:00:00Z');
    expect(when).not.toContain('T10:00:00Z');
    expect(when).toContain('2026');
    expect(shown('due_date', '2026-11-27T10:00:00Z')).toBe(when);
    expect(shown('Code', '2026-11-27 or later')).toBe('2026-11-27 or later');
    // The zero time is how the API writes an unset date: no value, not the year 1.
    expect(shown('due_date', '0001-01-01T00:00:00Z')).toBeNull();
  });

  it('shows numbers, priorities, progress and colours as people read them', () => {
    expect(shown('Estimate', 5)).toBe('5');
    expect(shown('priority', 3)).toBe('<tasks.priority.high>');
    expect(shown('percent_done', 0.5)).toBe('50 %');
    expect(shown('hex_color', 'ff0000')).toBe('#ff0000');
  });

  it('shows no value for a description, a repeat mode or nothing', () => {
    expect(shown('description', '<p>x</p>')).toBeNull();
    expect(shown('repeat_mode', 1)).toBeNull();
    expect(shown('Spec', '')).toBeNull();
    expect(shown('Spec', null)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { checklistProgress } from './checklist';

describe('checklistProgress', () => {
  it('counts checklist items and the checked ones', () => {
    const html =
      '<ul data-type="taskList"><li data-type="taskItem" data-checked="true"><p>a</p></li>' +
      '<li data-checked="false" data-type="taskItem"><p>b</p></li>' +
      "<li data-type='taskItem' data-checked='true'><p>c</p></li></ul>";
    expect(checklistProgress(html)).toEqual({ total: 3, checked: 2 });
  });

  it('ignores plain list items and text that only mentions the attribute', () => {
    const html = '<ul><li>data-type="taskItem" data-checked="true"</li></ul><p>none</p>';
    expect(checklistProgress(html)).toEqual({ total: 0, checked: 0 });
  });

  it('handles an empty description', () => {
    expect(checklistProgress('')).toEqual({ total: 0, checked: 0 });
  });
});

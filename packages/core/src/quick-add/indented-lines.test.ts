import { describe, expect, it } from 'vitest';
import { splitQuickAddLines } from './indented-lines.js';

const split = (text: string, mode: 'vikunja' | 'todoist' | 'disabled' = 'vikunja') =>
  splitQuickAddLines(text, mode).map(({ title, parentIndex, project }) => [title, parentIndex, project]);

describe('splitQuickAddLines', () => {
  it('gives one top-level task for one line', () => {
    expect(split('single task')).toEqual([['single task', null, null]]);
  });

  it('gives no tasks for blank text', () => {
    expect(split('')).toEqual([]);
    expect(split('  \n\t\n')).toEqual([]);
  });

  it('keeps unindented lines at the top level and drops blank lines', () => {
    expect(split('task one\n\n   \ntask two\r\ntask three\rtask four')).toEqual([
      ['task one', null, null],
      ['task two', null, null],
      ['task three', null, null],
      ['task four', null, null],
    ]);
  });

  it('makes indented lines subtasks of the nearest less-indented line above', () => {
    expect(
      split('parent\n  child one\n  child two\n    grandchild\n  child three\nnext parent\n  its child'),
    ).toEqual([
      ['parent', null, null],
      ['child one', 0, null],
      ['child two', 0, null],
      ['grandchild', 2, null],
      ['child three', 0, null],
      ['next parent', null, null],
      ['its child', 5, null],
    ]);
  });

  it('treats an indented first line as the top level', () => {
    expect(split('  parent\n  sibling\n    child\n first level\n   child of first level')).toEqual([
      ['parent', null, null],
      ['sibling', null, null],
      ['child', 1, null],
      ['first level', null, null],
      ['child of first level', 3, null],
    ]);
  });

  it('counts a tab as four spaces', () => {
    expect(split('parent\n\tchild\n    sibling of child\n\t  grandchild')).toEqual([
      ['parent', null, null],
      ['child', 0, null],
      ['sibling of child', 0, null],
      ['grandchild', 2, null],
    ]);
  });

  it('strips list markers and empty checkboxes', () => {
    expect(split('* parent\n  - child\n  + [ ] todo\n  [ ] box\n  -dash')).toEqual([
      ['parent', null, null],
      ['child', 0, null],
      ['todo', 0, null],
      ['box', 0, null],
      ['-dash', 0, null],
    ]);
  });

  it('lets subtasks inherit the project named on their parent, unless they name their own', () => {
    expect(split('parent +Work\n  child\n    grandchild\n  other +Home\n    deep')).toEqual([
      ['parent +Work', null, 'Work'],
      ['child', 0, 'Work'],
      ['grandchild', 1, 'Work'],
      ['other +Home', 0, 'Home'],
      ['deep', 3, 'Home'],
    ]);
  });

  it('reads projects with the mode prefixes, and none when magic is disabled', () => {
    expect(split('parent #Work +alice\n  child', 'todoist')).toEqual([
      ['parent #Work +alice', null, 'Work'],
      ['child', 0, 'Work'],
    ]);
    expect(split('parent +Work\n  child', 'disabled')).toEqual([
      ['parent +Work', null, null],
      ['child', 0, null],
    ]);
  });

  it('does not take a project from inside a quoted label', () => {
    expect(split("parent *'a +b'")).toEqual([["parent *'a +b'", null, null]]);
  });
});

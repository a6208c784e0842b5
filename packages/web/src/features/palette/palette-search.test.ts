import { describe, expect, it } from 'vitest';
import {
  groupsInScope,
  labelSearchTerm,
  labelToken,
  matchingCommands,
  matchingProjects,
  readPaletteQuery,
  searchScope,
  soleResult,
  taskSearchFilter,
} from './palette-search';

const now = new Date(2026, 3, 15, 10, 30);
const scopeOf = (query: string, mode: 'vikunja' | 'todoist' = 'vikunja') =>
  searchScope(query, readPaletteQuery(query, mode, now));

describe('palette search scope', () => {
  it('searches everything for an empty input', () => {
    expect(scopeOf('')).toBe('all');
  });

  it('searches tasks when there is text and no assignee', () => {
    expect(scopeOf('milk')).toBe('tasks');
    expect(scopeOf('milk +Home *errand')).toBe('tasks');
  });

  it('searches projects only for a lone project prefix', () => {
    expect(scopeOf('+Home')).toBe('projects');
    expect(scopeOf('#Home', 'todoist')).toBe('projects');
    expect(scopeOf('+Home *errand')).toBe('all');
  });

  it('searches teams only when nothing but assignees is given', () => {
    expect(scopeOf('@design')).toBe('teams');
    expect(scopeOf('+design', 'todoist')).toBe('teams');
    expect(scopeOf('@design milk')).toBe('all');
    expect(scopeOf('@design +Home')).toBe('all');
  });

  it('fills the groups each scope allows', () => {
    expect(groupsInScope('projects')).toEqual({ projects: true, tasks: false, labels: false, teams: false });
    expect(groupsInScope('teams')).toEqual({ projects: false, tasks: false, labels: false, teams: true });
    expect(groupsInScope('tasks').teams).toBe(false);
    expect(groupsInScope('all')).toEqual({ projects: true, tasks: true, labels: true, teams: true });
  });
});

describe('palette task search filter', () => {
  it('filters by project and labels with the typed prefixes', () => {
    expect(taskSearchFilter(3, [])).toBe('project = 3');
    expect(taskSearchFilter(null, [1, 2])).toBe('labels in 1, 2');
    expect(taskSearchFilter(3, [7])).toBe('project = 3 && labels in 7');
    expect(taskSearchFilter(null, [])).toBe('');
  });
});

describe('picking a label', () => {
  it('rewrites the input as a label token, quoted when the title has whitespace', () => {
    expect(labelToken('errand', 'vikunja')).toBe('*errand');
    expect(labelToken('after work', 'vikunja')).toBe('*"after work"');
    expect(labelToken('after\twork', 'todoist')).toBe('@"after\twork"');
    expect(labelToken('home', 'todoist')).toBe('@home');
  });

  it('searches labels by the first label written, else the text', () => {
    expect(labelSearchTerm(readPaletteQuery('*err milk', 'vikunja', now))).toBe('err');
    expect(labelSearchTerm(readPaletteQuery('milk', 'vikunja', now))).toBe('milk');
    expect(labelSearchTerm(readPaletteQuery('+Home', 'vikunja', now))).toBeNull();
  });
});

describe('palette projects and commands', () => {
  const projects = [
    { id: 1, title: 'Home', isArchived: false },
    { id: 2, title: 'Homework', isArchived: false },
    { id: 3, title: 'Old home', isArchived: true },
    { id: 4, title: 'Work', isArchived: false },
    { id: -1, title: 'Favorites', isArchived: false },
  ];
  const read = (query: string) => readPaletteQuery(query, 'vikunja', now);

  it('lists recently opened projects first when the input is empty', () => {
    expect(matchingProjects(projects, read(''), [4, 3, 1]).map((p) => p.id)).toEqual([4, 1]);
  });

  it('matches titles containing the text or the project prefix, leaving out archived ones', () => {
    expect(matchingProjects(projects, read('home'), []).map((p) => p.id)).toEqual([1, 2]);
    expect(matchingProjects(projects, read('+work'), []).map((p) => p.id)).toEqual([2, 4]);
    expect(matchingProjects(projects, read('*home'), [])).toEqual([]);
    expect(matchingProjects(projects, read('@home'), [])).toEqual([]);
  });

  it('matches commands by title and finds a single result', () => {
    const commands = [{ title: 'New task' }, { title: 'New project' }, { title: 'New team' }];
    expect(matchingCommands(commands, 'new t').map((c) => c.title)).toEqual(['New task', 'New team']);
    expect(matchingCommands(commands, '')).toHaveLength(3);
    expect(soleResult([{ items: [] }, { items: ['a'] }])).toBe('a');
    expect(soleResult([{ items: ['a'] }, { items: ['b'] }])).toBeNull();
    expect(soleResult([])).toBeNull();
  });
});

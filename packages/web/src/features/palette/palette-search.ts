/**
 * The quick actions palette's search rules (spec 2 §2, §4, §7), pure so they can be tested:
 * what the typed text means, which searches run (the scope), which commands and projects match,
 * the task search filter, the label token a picked label becomes, and the single-result rule.
 */
import {
  parseQuickAdd,
  QUICK_ADD_PREFIXES,
  type QuickAddMagicMode,
  removeQuickAddAssignees,
} from '@ordo/core';

export type SearchScope = 'all' | 'tasks' | 'projects' | 'teams';

export interface PaletteQuery {
  /** The words left for a text search: magic words and assignee tokens removed. */
  text: string;
  project: string | null;
  labels: string[];
  assignees: string[];
}

export function readPaletteQuery(query: string, mode: QuickAddMagicMode, now: Date): PaletteQuery {
  const parsed = parseQuickAdd(query, { mode, now });
  return {
    text: removeQuickAddAssignees(parsed.text, parsed.assignees, mode),
    project: parsed.project,
    labels: parsed.labels,
    assignees: parsed.assignees,
  };
}

/**
 * Tasks when there is text and no assignee; projects when only a project prefix is given; teams
 * when only assignees are given; everything otherwise (and for an empty input).
 */
export function searchScope(query: string, read: PaletteQuery): SearchScope {
  if (query.trim() === '') return 'all';
  const { text, project, labels, assignees } = read;
  if (assignees.length === 0 && text !== '') return 'tasks';
  if (assignees.length === 0 && project !== null && text === '' && labels.length === 0) return 'projects';
  if (assignees.length > 0 && project === null && text === '' && labels.length === 0) return 'teams';
  return 'all';
}

export interface ScopeGroups {
  projects: boolean;
  tasks: boolean;
  labels: boolean;
  teams: boolean;
}

/**
 * Which result groups a scope fills. The task search is the scope's subject; projects and labels,
 * found locally, also answer a plain text (as the palette's jump-to use needs); teams are found
 * by the assignee names.
 */
export function groupsInScope(scope: SearchScope): ScopeGroups {
  switch (scope) {
    case 'tasks':
      return { projects: true, tasks: true, labels: true, teams: false };
    case 'projects':
      return { projects: true, tasks: false, labels: false, teams: false };
    case 'teams':
      return { projects: false, tasks: false, labels: false, teams: true };
    default:
      return { projects: true, tasks: true, labels: true, teams: true };
  }
}

/** The filter for the palette's task search: `project = 3 && labels in 1, 2`; '' for none. */
export function taskSearchFilter(projectId: number | null, labelIds: readonly number[]): string {
  const clauses: string[] = [];
  if (projectId !== null) clauses.push(`project = ${projectId}`);
  if (labelIds.length > 0) clauses.push(`labels in ${labelIds.join(', ')}`);
  return clauses.join(' && ');
}

/** What the input becomes when a label is picked: its token, quoted when the title has whitespace. */
export function labelToken(title: string, mode: QuickAddMagicMode): string {
  const prefix = QUICK_ADD_PREFIXES[mode === 'disabled' ? 'vikunja' : mode].label;
  return /\s/.test(title) ? `${prefix}"${title}"` : `${prefix}${title}`;
}

export interface NamedProject {
  id: number;
  title: string;
  isArchived: boolean;
}

/**
 * The projects group: with a project prefix, projects whose title contains it; with labels or
 * assignees, none; with no text, the recently opened projects (most recent first); otherwise
 * projects whose title contains the text. Archived projects and favourites are left out.
 */
export function matchingProjects<T extends NamedProject>(
  projects: readonly T[],
  read: PaletteQuery,
  recentIds: readonly number[],
): T[] {
  const open = projects.filter((p) => !p.isArchived && p.id !== -1);
  const containing = (needle: string) =>
    open.filter((p) => p.title.toLowerCase().includes(needle.toLowerCase()));
  if (read.project !== null) return containing(read.project);
  if (read.labels.length > 0 || read.assignees.length > 0) return [];
  if (read.text === '') {
    return recentIds.map((id) => open.find((p) => p.id === id)).filter((p): p is T => p !== undefined);
  }
  return containing(read.text);
}

/** The label search term: the first label written, else the text; null for no label search. */
export function labelSearchTerm(read: PaletteQuery): string | null {
  if (read.labels.length > 0) return read.labels[0];
  return read.text === '' ? null : read.text;
}

export function matchingCommands<T extends { title: string }>(commands: readonly T[], query: string): T[] {
  const wanted = query.toLowerCase();
  return commands.filter((c) => c.title.toLowerCase().includes(wanted));
}

/** The one result Enter opens when the whole palette shows exactly one; null otherwise. */
export function soleResult<T>(groups: readonly { items: readonly T[] }[]): T | null {
  const items = groups.flatMap((g) => g.items);
  return items.length === 1 ? items[0] : null;
}

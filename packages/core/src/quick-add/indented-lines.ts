/**
 * Pasting several lines into quick-add creates one task per line; an indented line becomes a subtask
 * of the nearest line above it with less indentation. A project written on a parent line is
 * inherited by its subtasks unless they name their own.
 */
import type { QuickAddMagicMode } from '../user-settings.js';
import { extractLabels, extractProject, QUICK_ADD_PREFIXES } from './prefixes.js';

export interface QuickAddLine {
  /** The line without its indentation and list marker, ready for parseQuickAdd. */
  title: string;
  /** Index (in the returned list) of the parent task, or null for a top-level task. */
  parentIndex: number | null;
  /** The project named on this line, or inherited from its parent; null when none. */
  project: string | null;
}

const TAB_WIDTH = 4;
// Markdown-style list markers and an empty checkbox, as pasted from notes: `- `, `* `, `+ `, `[ ] `.
const LIST_MARKER = /^(?:[-*+] )?(?:\[ \] )?/;

function indentationOf(line: string): { width: number; length: number } {
  let width = 0;
  let length = 0;
  for (const character of line) {
    if (character === ' ') width += 1;
    else if (character === '\t') width += TAB_WIDTH;
    else break;
    length++;
  }
  return { width, length };
}

/** The project a line names, read the way parseQuickAdd reads it (labels first, then the project). */
function projectOf(title: string, mode: QuickAddMagicMode): string | null {
  if (mode === 'disabled') return null;
  const prefixes = QUICK_ADD_PREFIXES[mode];
  return extractProject(extractLabels(title, prefixes.label).text, prefixes.project).value;
}

/** Splits pasted text into tasks. Blank lines are dropped; one line gives one task. */
export function splitQuickAddLines(text: string, mode: QuickAddMagicMode): QuickAddLine[] {
  const lines: QuickAddLine[] = [];
  const widths: number[] = [];
  for (const raw of text.split(/\r\n|\r|\n/)) {
    if (raw.trim() === '') continue;
    const indentation = indentationOf(raw);
    const title = raw.slice(indentation.length).replace(LIST_MARKER, '').trimEnd();
    let parentIndex: number | null = null;
    for (let index = lines.length - 1; index >= 0; index--) {
      if (widths[index] < indentation.width) {
        parentIndex = index;
        break;
      }
    }
    const ownProject = projectOf(title, mode);
    const project = ownProject ?? (parentIndex === null ? null : lines[parentIndex].project);
    lines.push({ title, parentIndex, project });
    widths.push(indentation.width);
  }
  return lines;
}

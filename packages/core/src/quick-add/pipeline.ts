/** parseQuickAdd: the quick-add pipeline in its fixed order (behaviour.md §1.2). */
import { extractDate } from './dates.js';
import {
  extractLabels,
  extractPriority,
  extractProject,
  findAssignees,
  maskPrefixedItems,
  QUICK_ADD_PREFIXES,
  removePrefixedItems,
} from './prefixes.js';
import { extractRepeat } from './repeats.js';
import type { QuickAddOptions, QuickAddResult } from './types.js';

function plainTitle(text: string): QuickAddResult {
  return { text, date: null, labels: [], project: null, priority: null, assignees: [], repeats: null };
}

/**
 * An input of at least two characters that starts and ends with the same quote character is taken
 * literally, without its outer quotes: the escape for a title that looks like magic.
 */
function unquoteWholeText(input: string): string | null {
  if (input.length < 2) return null;
  const first = input[0];
  if ((first === '"' || first === "'") && input[input.length - 1] === first) return input.slice(1, -1);
  return null;
}

/**
 * Reads labels, project, priority, assignees, a repeat and a due date out of a task title typed in
 * the quick-add box. `now` is the only clock; dates are local wall-clock times computed from it.
 */
export function parseQuickAdd(input: string, options: QuickAddOptions): QuickAddResult {
  if (options.mode === 'disabled') return plainTitle(input);
  const unquoted = unquoteWholeText(input);
  if (unquoted !== null) return plainTitle(unquoted);

  // A mode from outside the type (an old stored setting) falls back to the default mode.
  const prefixes = QUICK_ADD_PREFIXES[options.mode] ?? QUICK_ADD_PREFIXES.vikunja;
  const labels = extractLabels(input, prefixes.label);
  const project = extractProject(labels.text, prefixes.project);
  const priority = extractPriority(project.text, prefixes.priority);
  const assignees = findAssignees(priority.text, prefixes.assignee);
  // Assignees stay in the text; their names must not be read as repeats, dates or times.
  const hidden = maskPrefixedItems(priority.text, prefixes.assignee);
  const repeats = extractRepeat(hidden.text);
  const date = extractDate(repeats.text, options.now);

  // Removing the date can leave a prefixed token standing whole again, so the tokens go once more.
  let text = removePrefixedItems(hidden.restore(date.text), prefixes.label, labels.value);
  if (project.value !== null) text = removePrefixedItems(text, prefixes.project, [project.value]);
  if (priority.item !== null) text = removePrefixedItems(text, prefixes.priority, [priority.item]);

  return {
    text: text.trim(),
    date: date.value,
    labels: labels.value,
    project: project.value,
    priority: priority.value,
    assignees,
    repeats: repeats.value,
  };
}

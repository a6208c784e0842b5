/** Pure rules task creation applies to a quick-add result (behaviour.md §1.8, spec 2 §5). */
import { type RepeatSettings, repeatModes } from '../repeat/repeat.js';
import type { QuickAddMagicMode } from '../user-settings.js';
import { QUICK_ADD_PREFIXES, removePrefixedItems } from './prefixes.js';
import type { QuickAddRepeat, QuickAddRepeatType, QuickAddResult } from './types.js';

/**
 * The title and the labels to apply. When nothing is left of the text (the input was only `*label`),
 * the raw input becomes the title and no labels are applied.
 */
export function quickAddTitleAndLabels(
  input: string,
  result: QuickAddResult,
): { title: string; labels: string[] } {
  if (result.text === '') return { title: input, labels: [] };
  return { title: result.text, labels: result.labels };
}

/**
 * Assignees stay in the parsed text; once task creation knows which names are real users, only those
 * tokens are removed (the same prefix-token removal as labels), and the title is trimmed again.
 */
export function removeQuickAddAssignees(
  title: string,
  foundNames: readonly string[],
  mode: QuickAddMagicMode,
): string {
  if (mode === 'disabled' || foundNames.length === 0) return title;
  return removePrefixedItems(title, QUICK_ADD_PREFIXES[mode].assignee, foundNames).trim();
}

// Vikunja's fixed unit lengths: a month is 30 days and a year 365, so 10 years is the API's
// 315,360,000-second ceiling.
const SECONDS_PER_UNIT: Readonly<Record<QuickAddRepeatType, number>> = {
  hours: 3600,
  days: 86_400,
  weeks: 604_800,
  months: 2_592_000,
  years: 31_536_000,
};

/**
 * The task's repeat fields for a parsed repeat. A repeat of exactly one month switches the task to
 * monthly repeat mode (same day each month) instead of a 30-day interval. No repeat gives null, so
 * the task keeps its defaults.
 */
export function quickAddRepeatFields(repeat: QuickAddRepeat | null): RepeatSettings | null {
  if (repeat === null) return null;
  if (repeat.type === 'months' && repeat.amount === 1)
    return { repeatAfter: 0, repeatMode: repeatModes.monthly };
  return { repeatAfter: repeat.amount * SECONDS_PER_UNIT[repeat.type], repeatMode: repeatModes.default };
}

/** Reading and checking the task fields of a create or update body (reference §4.4). */
import type { TaskBody } from '@ordo/core';
import { fail, invalidFields } from '../../http/api-error.js';
import { normalizeHexColor, readDate } from '../input/fields.js';
import { sanitizeRichText } from '../rich-text/sanitize.js';
import { readColumnFields } from './column-fields.js';
import type { TaskPartsInput } from './parts.js';

/**
 * A create or update body: core's TaskBody, which the route validates, with the parts that live in
 * other tables as the parts reader takes them.
 */
export type TaskInput = Omit<TaskBody, keyof TaskPartsInput> & TaskPartsInput;

/** Ten years in seconds: the longest repeat interval (4029 beyond). */
export const MAX_REPEAT_AFTER = 315_360_000;

/** The columns a create or update writes; omitted fields get their zero value (full replace). */
export function readTaskFields(input: TaskInput) {
  const columns = readColumnFields(input);
  const { priority, percent_done: percentDone, repeat_mode: repeatMode } = columns;
  const problems: string[] = [];
  if (!Number.isInteger(priority) || priority < 0 || priority > 5) {
    problems.push(`priority: ${priority} does not validate as range(0|5)`);
  }
  if (percentDone < 0 || percentDone > 1)
    problems.push(`percent_done: ${percentDone} does not validate as range(0|1)`);
  if (![0, 1, 2].includes(repeatMode))
    problems.push(`repeat_mode: ${repeatMode} does not validate as range(0|2)`);
  if (problems.length > 0) throw invalidFields(problems);
  const repeatAfter = input.repeat_after ?? 0;
  if (!Number.isInteger(repeatAfter) || repeatAfter < 0 || repeatAfter > MAX_REPEAT_AFTER) {
    throw fail('invalidRepeatInterval', [MAX_REPEAT_AFTER]);
  }
  return {
    ...columns,
    description: sanitizeRichText(input.description),
    done: input.done === true,
    due_date: readDate(input.due_date, 'due_date'),
    start_date: readDate(input.start_date, 'start_date'),
    end_date: readDate(input.end_date, 'end_date'),
    repeat_after: repeatAfter,
    hex_color: normalizeHexColor(input.hex_color),
  };
}

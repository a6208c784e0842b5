export { type QuickAddLine, splitQuickAddLines } from './indented-lines.js';
export { parseQuickAdd } from './pipeline.js';
export { QUICK_ADD_PREFIXES } from './prefixes.js';
export {
  quickAddRepeatFields,
  quickAddTitleAndLabels,
  removeQuickAddAssignees,
} from './task-creation.js';
export type { QuickAddOptions, QuickAddRepeat, QuickAddRepeatType, QuickAddResult } from './types.js';

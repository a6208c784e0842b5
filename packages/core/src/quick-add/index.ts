export { parseQuickAdd } from './pipeline.js';
export { QUICK_ADD_PREFIXES } from './prefixes.js';
export type { QuickAddOptions, QuickAddRepeat, QuickAddRepeatType, QuickAddResult } from './types.js';

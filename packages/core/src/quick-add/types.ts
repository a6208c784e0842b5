import type { QuickAddMagicMode } from '../user-settings.js';

export type QuickAddRepeatType = 'hours' | 'days' | 'weeks' | 'months' | 'years';

export interface QuickAddRepeat {
  amount: number;
  type: QuickAddRepeatType;
}

export interface QuickAddOptions {
  mode: QuickAddMagicMode;
  /** The only clock quick-add reads; every date is computed in local wall-clock time from it. */
  now: Date;
}

export interface QuickAddResult {
  /** The title left after the magic words were removed (trimmed at both ends). */
  text: string;
  date: Date | null;
  labels: string[];
  project: string | null;
  /** 0 to 5; `!0` counts and gives 0. */
  priority: number | null;
  /** Names only; they stay in `text` until task creation knows which ones are real users. */
  assignees: string[];
  repeats: QuickAddRepeat | null;
}

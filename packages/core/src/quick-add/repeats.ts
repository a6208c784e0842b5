/** Repeat phrases (behaviour.md §1.4): `every|each [N] unit` and single words such as `weekly`. */
import type { Extracted } from './prefixes.js';
import type { QuickAddRepeat, QuickAddRepeatType } from './types.js';

const NUMBER_WORDS: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
};

const UNIT_TYPES: Readonly<Record<string, QuickAddRepeatType>> = {
  hour: 'hours',
  day: 'days',
  week: 'weeks',
  month: 'months',
  year: 'years',
};

const REPEAT_WORDS: Readonly<Record<string, QuickAddRepeat>> = {
  hourly: { amount: 1, type: 'hours' },
  daily: { amount: 1, type: 'days' },
  weekly: { amount: 1, type: 'weeks' },
  monthly: { amount: 1, type: 'months' },
  yearly: { amount: 1, type: 'years' },
  annually: { amount: 1, type: 'years' },
  biannually: { amount: 6, type: 'months' },
  semiannually: { amount: 6, type: 'months' },
  biennially: { amount: 2, type: 'years' },
};

const NUMBER_WORD_GROUP = Object.keys(NUMBER_WORDS).join('|');
const REPEAT_WORD_GROUP = Object.keys(REPEAT_WORDS).join('|');

// Whole words only: the start of the text or a space before, a space or the end after.
// The leftmost phrase wins because a single pattern scans left to right.
const REPEAT_PATTERN = new RegExp(
  `(?<=^| )(?:(?:every|each)(?: (\\d+|${NUMBER_WORD_GROUP}))? (hour|day|week|month|year)s?|(${REPEAT_WORD_GROUP}))(?= |$)`,
  'i',
);

/**
 * Finds the first repeat phrase and removes it, with one of the spaces around it when it stands
 * between two words (`Lorem weekly Ipsum` leaves `Lorem Ipsum`, not a double space). Ordo maps units,
 * words and number words case-insensitively: `every Day` is one day (behaviour.md §11). An amount of
 * 0 is no repeat at all, so `every 0 days` stays in the text.
 */
export function extractRepeat(text: string): Extracted<QuickAddRepeat | null> {
  const match = REPEAT_PATTERN.exec(text);
  if (!match) return { value: null, text };
  const [phrase, amountText, unit, word] = match;
  let repeat: QuickAddRepeat;
  if (word !== undefined) {
    repeat = { ...REPEAT_WORDS[word.toLowerCase()] };
  } else {
    const amount =
      amountText === undefined ? 1 : (NUMBER_WORDS[amountText.toLowerCase()] ?? Number(amountText));
    if (amount === 0) return { value: null, text };
    repeat = { amount, type: UNIT_TYPES[unit.toLowerCase()] };
  }
  // Mid-text, the phrase goes with the space after it, so its words' neighbours stay one space apart.
  const end = match.index + phrase.length;
  const spaced = match.index > 0 && text[match.index - 1] === ' ' && text[end] === ' ';
  return { value: repeat, text: text.slice(0, match.index) + text.slice(spaced ? end + 1 : end) };
}

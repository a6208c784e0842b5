/** English month names as quick-add reads them: full names or the three-letter forms. */

const MONTHS: ReadonlyArray<readonly [full: string, short: string]> = [
  ['january', 'jan'],
  ['february', 'feb'],
  ['march', 'mar'],
  ['april', 'apr'],
  ['may', 'may'],
  ['june', 'jun'],
  ['july', 'jul'],
  ['august', 'aug'],
  ['september', 'sep'],
  ['october', 'oct'],
  ['november', 'nov'],
  ['december', 'dec'],
];

const MONTH_INDEX = new Map<string, number>();
MONTHS.forEach(([full, short], index) => {
  MONTH_INDEX.set(full, index);
  MONTH_INDEX.set(short, index);
});

/** A regex alternation of every month name, full names first. */
export const MONTH_NAME_GROUP = [...MONTHS.map(([full]) => full), ...MONTHS.map(([, short]) => short)]
  .filter((name, index, all) => all.indexOf(name) === index)
  .join('|');

/** 0-based month index of a name (any case), or undefined. */
export function monthIndexOf(name: string): number | undefined {
  return MONTH_INDEX.get(name.toLowerCase());
}

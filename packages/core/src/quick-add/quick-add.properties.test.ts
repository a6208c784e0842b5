/** Properties of parseQuickAdd over generated inputs (fast-check). */
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseQuickAdd } from './pipeline.js';

const MODES = ['vikunja', 'todoist', 'disabled'] as const;
const mode = fc.constantFrom(...MODES);
const magicMode = fc.constantFrom('vikunja' as const, 'todoist' as const);

/** Any instant from 1900 to 2200, plus the odd invalid date. */
const anyNow = fc.date({
  min: new Date('1900-01-01T00:00:00Z'),
  max: new Date('2200-01-01T00:00:00Z'),
  noInvalidDate: false,
});
const now = fc.date({
  min: new Date('2000-01-01T00:00:00Z'),
  max: new Date('2100-01-01T00:00:00Z'),
  noInvalidDate: true,
});

/** Pieces that exercise every rule, glued with or without spaces. */
const MAGIC_PIECES = [
  '*',
  '+',
  '@',
  '#',
  '!',
  '"',
  "'",
  '**x',
  '*label',
  '+proj',
  '@user',
  '#proj',
  '!3',
  '!0',
  '!9',
  "*'a b'",
  '+"x y',
  'today',
  'tonight',
  'tomorrow',
  'next monday',
  'this weekend',
  'later this week',
  'later next week',
  'next week',
  'next month',
  'end of month',
  'mon',
  'next fri',
  'sunday',
  '5th',
  '31st',
  '29th',
  'in 3 days',
  'in 99999999999 months',
  'in 2 hours',
  '1/2',
  '31/12/2026',
  '2026-05-02',
  '2026/1/05',
  '12.13',
  '29.02',
  'jan 5',
  '31 dec 2030',
  'feb 29',
  'at 5pm',
  '@ 9',
  'at 25',
  'at 12am',
  'every 2 days',
  'each week',
  'every ten years',
  'every 99999999999999999999 hours',
  'weekly',
  'biennially',
];
const piece = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...MAGIC_PIECES) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 6 }) },
  { weight: 1, arbitrary: fc.stringMatching(/^[A-Za-z0-9]{1,6}$/) },
);
const magicText = fc
  .tuple(fc.array(piece, { maxLength: 12 }), fc.constantFrom(' ', '  ', ''))
  .map(([pieces, glue]) => pieces.join(glue));

/** Words that can never be magic: no vowels (every keyword has one), no digits, no prefixes or quotes. */
const plainWord = fc.stringMatching(/^[bcdfghjklmnpqrstvwxzBCDFGHJKLMNPQRSTVWXZ,.?;:()-]{1,8}$/);
const plainText = fc.array(plainWord, { minLength: 1, maxLength: 10 }).map((words) => words.join(' '));

describe('parseQuickAdd properties', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('never throws and always returns a well-formed result', () => {
    fc.assert(
      fc.property(
        fc.oneof(magicText, fc.string({ unit: 'grapheme' })),
        mode,
        anyNow,
        (input, chosenMode, when) => {
          const result = parseQuickAdd(input, { mode: chosenMode, now: when });
          expect(typeof result.text).toBe('string');
          expect(result.text.length).toBeLessThanOrEqual(input.length);
          expect(result.labels.every((label) => label !== '')).toBe(true);
          expect(result.assignees.every((name) => name !== '')).toBe(true);
          expect(new Set(result.labels).size).toBe(result.labels.length);
          expect(result.project === null || result.project !== '').toBe(true);
          if (result.priority !== null) expect([0, 1, 2, 3, 4, 5]).toContain(result.priority);
          if (result.date !== null) expect(Number.isNaN(result.date.getTime())).toBe(false);
          if (result.repeats !== null) {
            expect(result.repeats.amount).toBeGreaterThan(0);
            expect(['hours', 'days', 'weeks', 'months', 'years']).toContain(result.repeats.type);
          }
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('gives back a text with no magic unchanged', () => {
    fc.assert(
      fc.property(plainText, magicMode, now, (input, chosenMode, when) => {
        expect(parseQuickAdd(input, { mode: chosenMode, now: when })).toEqual({
          text: input,
          date: null,
          labels: [],
          project: null,
          priority: null,
          assignees: [],
          repeats: null,
        });
      }),
    );
  });

  it('leaves any input untouched when disabled', () => {
    fc.assert(
      fc.property(fc.oneof(magicText, fc.string({ unit: 'grapheme' })), now, (input, when) => {
        expect(parseQuickAdd(input, { mode: 'disabled', now: when })).toMatchObject({
          text: input,
          date: null,
          labels: [],
          project: null,
          priority: null,
          assignees: [],
          repeats: null,
        });
      }),
    );
  });

  it('takes a wholly quoted input literally in both modes', () => {
    fc.assert(
      fc.property(magicText, fc.constantFrom('"', "'"), magicMode, now, (inner, quote, chosenMode, when) => {
        expect(parseQuickAdd(`${quote}${inner}${quote}`, { mode: chosenMode, now: when })).toEqual({
          text: inner,
          date: null,
          labels: [],
          project: null,
          priority: null,
          assignees: [],
          repeats: null,
        });
      }),
    );
  });

  it('reads the same date wherever the plain words around it are', () => {
    const phrases = ['today', 'tomorrow at 5pm', 'next week', 'fri', 'in 3 days', 'may 5', 'every day'];
    fc.assert(
      fc.property(
        plainText,
        fc.constantFrom(...phrases),
        fc.boolean(),
        now,
        (words, phrase, before, when) => {
          const alone = parseQuickAdd(phrase, { mode: 'vikunja', now: when });
          const input = before ? `${phrase} ${words}` : `${words} ${phrase}`;
          const result = parseQuickAdd(input, { mode: 'vikunja', now: when });
          expect(result.text).toBe(words);
          expect(result.date).toEqual(alone.date);
          expect(result.repeats).toEqual(alone.repeats);
        },
      ),
    );
  });

  it('reads any plain label, project and assignee name back, quoted or not', () => {
    const name = fc.stringMatching(/^[A-Za-z0-9_.()-][A-Za-z0-9_.@#*+!()-]{0,10}$/);
    const spacedName = fc.stringMatching(/^[A-Za-z0-9][A-Za-z0-9 _.-]{0,10}[A-Za-z0-9]$/);
    fc.assert(
      fc.property(name, spacedName, name, (label, project, assignee) => {
        const result = parseQuickAdd(`Task *${label} +"${project}" @${assignee}`, {
          mode: 'vikunja',
          now: new Date(2026, 3, 15, 10, 30),
        });
        expect(result.labels).toEqual([label]);
        expect(result.project).toBe(project);
        expect(result.assignees).toEqual([assignee]);
        expect(result.text).toBe(`Task @${assignee}`);
      }),
    );
  });

  it('reads no clock but now', () => {
    fc.assert(
      fc.property(magicText, magicMode, now, now, now, (input, chosenMode, when, clockA, clockB) => {
        vi.useFakeTimers({ now: clockA });
        const first = parseQuickAdd(input, { mode: chosenMode, now: when });
        vi.setSystemTime(clockB);
        const second = parseQuickAdd(input, { mode: chosenMode, now: when });
        expect(second).toEqual(first);
      }),
      { numRuns: 300 },
    );
  });

  it('never changes the now it is given', () => {
    fc.assert(
      fc.property(magicText, magicMode, now, (input, chosenMode, when) => {
        const copy = new Date(when.getTime());
        parseQuickAdd(input, { mode: chosenMode, now: when });
        expect(when.getTime()).toBe(copy.getTime());
      }),
    );
  });
});

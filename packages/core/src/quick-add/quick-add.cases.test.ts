/**
 * Table-driven cases beyond the documented examples: every keyword on every weekday, every weekday
 * name from every weekday, every month name, time forms, numeric forms, repeats and prefixes.
 */
import { describe, expect, it } from 'vitest';
import type { QuickAddMagicMode } from '../user-settings.js';
import { parseQuickAdd } from './pipeline.js';

function local(text: string): Date {
  const [y, mo, d, h = 0, mi = 0] = text.split(/[- :]/).map(Number);
  const date = new Date(2000, 0, 1);
  date.setFullYear(y, mo - 1, d);
  date.setHours(h, mi, 0, 0);
  return date;
}

function show(date: Date | null): string | null {
  if (date === null) return null;
  const pad = (value: number) => String(value).padStart(2, '0');
  const text = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
  return date.getSeconds() === 0 && date.getMilliseconds() === 0 ? text : `${text}:${pad(date.getSeconds())}`;
}

/** `2026-04-12` plus n days, as `YYYY-MM-DD`. */
function dayPlus(day: string, days: number): string {
  const date = local(day);
  date.setDate(date.getDate() + days);
  return show(date)!.slice(0, 10);
}

function parse(input: string, now = '2026-04-15 10:30', mode: QuickAddMagicMode = 'vikunja') {
  const result = parseQuickAdd(input, { mode, now: local(now) });
  return { ...result, date: show(result.date) };
}

// Sun 2026-04-12 ... Sat 2026-04-18, index = weekday.
const WEEK = [0, 1, 2, 3, 4, 5, 6].map((weekday) => dayPlus('2026-04-12', weekday));

describe('relative keywords on every weekday (behaviour.md §2 day intervals)', () => {
  const offsets: Record<string, number[]> = {
    today: [0, 0, 0, 0, 0, 0, 0],
    tomorrow: [1, 1, 1, 1, 1, 1, 1],
    'next monday': [1, 0, 6, 5, 4, 3, 2],
    'this weekend': [0, 5, 4, 3, 2, 1, 0],
    'later this week': [0, 2, 2, 2, 2, 0, 0],
    'later next week': [7, 9, 9, 9, 9, 7, 7],
    'next week': [7, 7, 7, 7, 7, 7, 7],
  };
  const cases = Object.entries(offsets).flatMap(([phrase, days]) =>
    WEEK.map((day, weekday) => [phrase, day, `${dayPlus(day, days[weekday])} 12:00`] as const),
  );
  it.each(cases)('%s on %s gives %s', (phrase, day, expected) => {
    expect(parse(`Task ${phrase}`, `${day} 10:30`)).toMatchObject({ text: 'Task', date: expected });
    expect(parse(`${phrase.toUpperCase()} Task`, `${day} 10:30`)).toMatchObject({
      text: 'Task',
      date: expected,
    });
  });
});

describe('default hour (behaviour.md §2)', () => {
  const table: [string, number][] = [
    ['00:00', 9],
    ['05:00', 9],
    ['07:41', 9],
    ['08:59', 9],
    ['09:00', 9],
    ['09:01', 12],
    ['10:00', 12],
    ['12:00', 12],
    ['12:30', 15],
    ['13:00', 15],
    ['15:00', 15],
    ['15:54', 18],
    ['16:00', 18],
    ['18:00', 18],
    ['18:45', 21],
    ['19:00', 21],
    ['21:00', 21],
    ['21:01', 9],
    ['21:30', 9],
    ['22:00', 9],
    ['23:59', 9],
  ];
  it.each(table)('today at %s gives %i:00 the same day', (time, hour) => {
    expect(parse('Task today', `2026-04-15 ${time}`).date).toBe(
      `2026-04-15 ${String(hour).padStart(2, '0')}:00`,
    );
  });
  it.each(table)('next month at %s gives the 1st at %i:00', (time, hour) => {
    expect(parse('Task next month', `2026-12-20 ${time}`).date).toBe(
      `2027-01-01 ${String(hour).padStart(2, '0')}:00`,
    );
  });
  it('ignores seconds of now', () => {
    const now = local('2026-04-15 09:00');
    now.setSeconds(59);
    expect(show(parseQuickAdd('Task today', { mode: 'vikunja', now }).date)).toBe('2026-04-15 09:00');
  });
});

describe('end of month and tonight', () => {
  it.each([
    ['2026-01-31 23:00', '2026-01-31 09:00'],
    ['2026-02-01 10:00', '2026-02-28 09:00'],
    ['2028-02-10 10:00', '2028-02-29 09:00'],
    ['2026-04-30 08:00', '2026-04-30 09:00'],
    ['2026-12-05 10:00', '2026-12-31 09:00'],
  ])('end of month at %s gives %s', (now, expected) => {
    expect(parse('Task end of month', now)).toMatchObject({ text: 'Task', date: expected });
  });
  it.each(['08:00', '21:30', '23:59'])('tonight at %s is 21:00 today', (time) => {
    expect(parse('Task tonight', `2026-04-15 ${time}`).date).toBe('2026-04-15 21:00');
  });
  it('next month in December goes to January', () => {
    expect(parse('Task next month', '2026-12-31 10:30').date).toBe('2027-01-01 12:00');
  });
});

describe('weekday names from every weekday (time of day kept)', () => {
  const names: [string, number][] = [
    ['sunday', 0],
    ['sun', 0],
    ['monday', 1],
    ['mon', 1],
    ['tuesday', 2],
    ['tue', 2],
    ['wednesday', 3],
    ['wed', 3],
    ['thursday', 4],
    ['thu', 4],
    ['friday', 5],
    ['fri', 5],
    ['saturday', 6],
    ['sat', 6],
  ];
  const cases = names.flatMap(([name, target]) =>
    WEEK.map((day, weekday) => [name, day, `${dayPlus(day, (target - weekday + 7) % 7)} 16:45`] as const),
  );
  it.each(cases)('%s on %s gives %s', (name, day, expected) => {
    expect(parse(`Call ${name}`, `${day} 16:45`)).toMatchObject({ text: 'Call', date: expected });
  });
  it.each(names)('%s works capitalised, with next, at the start and before a comma', (name, target) => {
    const expected = `${dayPlus(WEEK[3], (target - 3 + 7) % 7)} 10:30`;
    const capitalised = name[0].toUpperCase() + name.slice(1);
    expect(parse(`Call ${capitalised}`)).toMatchObject({ text: 'Call', date: expected });
    // `next monday` in full is the relative keyword, so it gets the default hour instead of now's time.
    const nextExpected = name === 'monday' ? '2026-04-20 12:00' : expected;
    expect(parse(`Call NEXT ${name}`)).toMatchObject({ text: 'Call', date: nextExpected });
    expect(parse(`${name} call`)).toMatchObject({ text: 'call', date: expected });
    expect(parse(`Call ${name}, please`)).toMatchObject({ text: 'Call , please', date: expected });
  });
  it.each(names)('%s glued to letters is not a date', (name) => {
    expect(parse(`Call x${name}`)).toMatchObject({ text: `Call x${name}`, date: null });
    expect(parse(`Call ${name}x`)).toMatchObject({ text: `Call ${name}x`, date: null });
    expect(parse(`Call ${name}2`)).toMatchObject({ text: `Call ${name}2`, date: null });
  });
  it('takes the leftmost weekday and removes only whole words', () => {
    expect(parse('fri or mon')).toMatchObject({ text: 'or mon', date: '2026-04-17 10:30' });
    expect(parse('Call mon about monday monitor mon')).toMatchObject({
      text: 'Call  about monday monitor',
      date: '2026-04-20 10:30',
    });
  });
});

describe('ordinals', () => {
  it.each([
    ['1st', '2026-05-01 10:30'],
    ['2nd', '2026-05-02 10:30'],
    ['3rd', '2026-05-03 10:30'],
    ['4th', '2026-05-04 10:30'],
    ['04th', '2026-05-04 10:30'],
    ['16nd', '2026-04-16 10:30'],
    ['20TH', '2026-04-20 10:30'],
    ['30th', '2026-04-30 10:30'],
    ['31st', '2026-05-31 10:30'],
    ['22.', '2026-04-22 10:30'],
  ])('%s (now Wed 2026-04-15 10:30) gives %s', (ordinal, expected) => {
    expect(parse(`Pay ${ordinal}`)).toMatchObject({ text: 'Pay', date: expected });
  });
  it.each(['0th', '32nd', '100th', '5x', '5th2', '5thx'])('%s is not a date', (ordinal) => {
    expect(parse(`Pay ${ordinal}`)).toMatchObject({ text: `Pay ${ordinal}`, date: null });
  });
  it.each([
    ['Pay 5th @ 9', '2026-05-05 09:00', 'Pay'],
    ['Pay 5th at 9:15pm', '2026-05-05 21:15', 'Pay'],
    ['Pay 5th may', '2026-05-05 10:30', 'Pay'],
    ['Pay 5th of may', null, 'Pay 5th of may'],
    ['Pay 5th December', '2026-12-05 10:30', 'Pay'],
    ['Pay 20th jan', '2026-01-20 10:30', 'Pay'],
    ['jan: pay the 20th', '2026-01-20 10:30', ': pay the'],
    ['Pay 31st feb', null, 'Pay 31st feb'],
    ['Pay 29th feb', null, 'Pay 29th feb'],
    ['Pay 5th mayor', null, 'Pay 5th mayor'],
  ])('%s gives %s', (input, expected, text) => {
    expect(parse(input)).toMatchObject({ text, date: expected });
  });
  it.each([
    ['2026-12-20 10:30', '5th', '2027-01-05 10:30'],
    ['2026-01-31 10:30', '30th', '2026-03-30 10:30'],
    ['2026-04-30 10:00', '31st', '2026-05-31 10:30'],
    ['2026-03-31 10:29', '31st', '2026-03-31 10:29'],
    ['2028-01-30 08:00', '29th', '2028-02-29 08:00'],
  ])('now %s: %s gives %s', (now, ordinal, expected) => {
    expect(parse(`Pay ${ordinal}`, now).date).toBe(expected.replace('10:30', now.slice(11)));
  });
});

describe('in N units', () => {
  it.each([
    ['in 1 hour', '2026-04-15 11:30'],
    ['in 14 hours', '2026-04-16 00:30'],
    ['in 0 days', '2026-04-15 10:30'],
    ['in 1 day', '2026-04-16 10:30'],
    ['in 20 days', '2026-05-05 10:30'],
    ['in 1 week', '2026-04-22 10:30'],
    ['in 3 weeks', '2026-05-06 10:30'],
    ['in 1 month', '2026-05-15 10:30'],
    ['in 12 months', '2027-04-15 10:30'],
    ['IN 2 DAYS', '2026-04-17 10:30'],
    ['in 2 Hours', '2026-04-15 12:30'],
  ])('%s gives %s', (phrase, expected) => {
    expect(parse(`Task ${phrase}`)).toMatchObject({ text: 'Task', date: expected });
    expect(parse(`${phrase} Task`)).toMatchObject({ text: 'Task', date: expected });
  });
  it.each(['in 2 years', 'in two days', 'within 2 days', 'in 2 daysx', 'in -2 days'])(
    '%s is not a date',
    (phrase) => {
      expect(parse(`Task ${phrase}`)).toMatchObject({ text: `Task ${phrase}`, date: null });
    },
  );
});

describe('numeric dates', () => {
  it.each([
    ['1/2', '2027-01-02 00:00'],
    ['4/16', '2026-04-16 00:00'],
    ['12/31', '2026-12-31 00:00'],
    ['31/12', '2026-12-31 00:00'],
    ['13/1', '2027-01-13 00:00'],
    ['2/29', null],
    ['29/2', null],
    ['2/29/2028', '2028-02-29 00:00'],
    ['0/5', null],
    ['5/0', null],
    ['12/25/30', '2030-12-25 00:00'],
    ['1/2/2020', '2020-01-02 00:00'],
    ['1/2/020', null],
    ['2026/12/01', '2026-12-01 00:00'],
    ['2026/12/1', null],
    ['2027/2/28', '2027-02-28 00:00'],
    ['2026-12-01', '2026-12-01 00:00'],
    ['2026-1-01', '2026-01-01 00:00'],
    ['2026-13-01', '2026-01-13 00:00'],
    ['2026-02-30', null],
    ['5.6', '2026-06-05 00:00'],
    ['5.6.27', '2027-06-05 00:00'],
    ['5.6.2020', '2020-06-05 00:00'],
    ['31.12.2026', '2026-12-31 00:00'],
    ['12.31', '2026-12-31 00:00'],
    ['32.1', null],
  ])('%s gives %s', (written, expected) => {
    expect(parse(`Due ${written}`)).toMatchObject({
      text: expected === null ? `Due ${written}` : 'Due',
      date: expected,
    });
    expect(parse(`${written} due`)).toMatchObject({
      text: expected === null ? `${written} due` : 'due',
      date: expected,
    });
  });
  it.each([
    ['Due 4/15', '2027-04-15 00:00'],
    ['Due 4/14', '2027-04-14 00:00'],
    ['Due 4/16', '2026-04-16 00:00'],
    ['Due 4/15/2026', '2026-04-15 00:00'],
    ['Due 4/15/26', '2026-04-15 00:00'],
  ])('the past-date rule: %s gives %s', (input, expected) => {
    expect(parse(input).date).toBe(expected);
  });
  it('moves a past 29 February without a year to the next leap year', () => {
    expect(parse('Due 29.2', '2028-03-01 10:00').date).toBe('2032-02-29 00:00');
  });
  it.each([
    ['Due 1/2, then more', null],
    ['Due (1/2)', null],
    ['Due 1/2 @ 8pm sharp', '2027-01-02 20:00'],
    ['Due 1/2 AT 8 sharp', '2027-01-02 08:00'],
    ['Due 1/2 after lunch', null],
    ['Due 1/2 *label', '2027-01-02 00:00'],
    ['1/2/3/4', null],
    ['Version 2.0.1 release', null],
  ])('boundary: %s gives %s', (input, expected) => {
    expect(parse(input).date).toBe(expected);
  });
});

describe('month names', () => {
  const months = [
    'january',
    'february',
    'march',
    'april',
    'may',
    'june',
    'july',
    'august',
    'september',
    'october',
    'november',
    'december',
  ];
  const cases = months.flatMap((name, index) => {
    // Now is 2026-04-15, so the 10th of January to April has passed and moves to next year.
    const year = index >= 4 ? 2026 : 2027;
    const month = String(index + 1).padStart(2, '0');
    const expected = `${year}-${month}-10 00:00`;
    const short = name.slice(0, 3);
    return [
      [`${name} 10`, expected],
      [`10 ${name}`, expected],
      [`${short} 10`, expected],
      [`10 ${short}`, expected],
      [`${name.toUpperCase()} 10`, expected],
      [`10 ${short[0].toUpperCase()}${short.slice(1)}`, expected],
    ] as const;
  });
  it.each(cases)('%s gives %s', (written, expected) => {
    expect(parse(`Party ${written}`)).toMatchObject({ text: 'Party', date: expected });
  });
  it.each([
    ['Party apr 15', '2027-04-15 00:00'],
    ['Party apr 16', '2026-04-16 00:00'],
    ['Party feb 29', null],
    ['Party feb 30 2028', null],
    ['Party feb 29 2028', '2028-02-29 00:00'],
    ['Party 1 jan 2020', '2020-01-01 00:00'],
    ['Party jan 05', '2027-01-05 00:00'],
    // An ordinal with a month name keeps the year, even in the past (behaviour.md §1.5 c).
    ['Party jan 5th', '2026-01-05 10:30'],
    ['Party jan 5 at 7pm', '2027-01-05 19:00'],
    ['Party janx 5', null],
    ['Party 5 janitor', null],
    ['Party jan 5 20271', '2027-01-05 00:00'],
  ])('%s gives %s', (input, expected) => {
    expect(parse(input).date).toBe(expected);
  });
  it('keeps a year that is not four digits in the text', () => {
    expect(parse('Party jan 5 20271')).toMatchObject({ text: 'Party  20271' });
  });
});

describe('time suffix', () => {
  it.each([
    ['at 0', '00:00'],
    ['at 5', '05:00'],
    ['at 05', '05:00'],
    ['at 5:05', '05:05'],
    ['at 17:45', '17:45'],
    ['at 23:59', '23:59'],
    ['at 5am', '05:00'],
    ['at 5 am', '05:00'],
    ['at 5AM', '05:00'],
    ['at 5pm', '17:00'],
    ['at 5 PM', '17:00'],
    ['at 5:30pm', '17:30'],
    ['at 11:59 pm', '23:59'],
    ['at 12pm', '12:00'],
    ['at 12am', '00:00'],
    ['at 12:30am', '00:30'],
    ['@ 7', '07:00'],
    ['@ 7pm', '19:00'],
    ['At 7', '07:00'],
  ])('tomorrow %s gives %s', (time, expected) => {
    expect(parse(`Task tomorrow ${time}`)).toMatchObject({ text: 'Task', date: `2026-04-16 ${expected}` });
    expect(parse(`Task ${time} tomorrow`)).toMatchObject({ text: 'Task', date: `2026-04-16 ${expected}` });
  });
  it.each([
    'at 24',
    'at 25',
    'at 13pm',
    'at 0pm',
    'at 5:60',
    'at 1234',
    'at 5:3',
    'at 5x',
    'at five',
    'at :30',
  ])('%s is not a time', (time) => {
    expect(parse(`Task ${time}`)).toMatchObject({ text: `Task ${time}`, date: null });
    expect(parse(`Task tomorrow ${time}`)).toMatchObject({ text: `Task  ${time}`, date: '2026-04-16 12:00' });
  });
  it('skips an impossible time for a later valid one', () => {
    expect(parse('Task at 25 and at 7')).toMatchObject({ text: 'Task at 25 and', date: '2026-04-15 07:00' });
  });
  it('needs a space before at', () => {
    expect(parse('at 5pm')).toMatchObject({ text: 'at 5pm', date: null });
    expect(parse('Meet flat 5')).toMatchObject({ text: 'Meet flat 5', date: null });
  });
  it('a time alone that is not exactly now is today at that time', () => {
    expect(parse('Task at 10:31')).toMatchObject({ text: 'Task', date: '2026-04-15 10:31' });
    expect(parse('Task at 9')).toMatchObject({ text: 'Task', date: '2026-04-15 09:00' });
    const now = local('2026-04-15 10:30');
    now.setSeconds(5);
    expect(show(parseQuickAdd('Task at 10:30', { mode: 'vikunja', now }).date)).toBe('2026-04-15 10:30');
  });
  it('clears seconds of now when a time is given', () => {
    const now = local('2026-04-15 10:30');
    now.setSeconds(42, 123);
    expect(show(parseQuickAdd('Task fri at 8', { mode: 'vikunja', now }).date)).toBe('2026-04-17 08:00');
    expect(show(parseQuickAdd('Task fri', { mode: 'vikunja', now }).date)).toBe('2026-04-17 10:30:42');
  });
});

describe('repeats', () => {
  const units: [string, string][] = [
    ['hour', 'hours'],
    ['hours', 'hours'],
    ['day', 'days'],
    ['days', 'days'],
    ['week', 'weeks'],
    ['weeks', 'weeks'],
    ['month', 'months'],
    ['months', 'months'],
    ['year', 'years'],
    ['years', 'years'],
  ];
  const amounts: [string, number][] = [
    ['', 1],
    ['1 ', 1],
    ['12 ', 12],
    ['one ', 1],
    ['two ', 2],
    ['three ', 3],
    ['four ', 4],
    ['five ', 5],
    ['six ', 6],
    ['seven ', 7],
    ['eight ', 8],
    ['nine ', 9],
    ['ten ', 10],
  ];
  const cases = units.flatMap(([unit, type]) =>
    amounts.flatMap(([amount, value]) => [
      [`every ${amount}${unit}`, value, type] as const,
      [`Each ${amount.toUpperCase()}${unit}`, value, type] as const,
    ]),
  );
  it.each(cases)('%s repeats %i %s', (phrase, amount, type) => {
    expect(parse(`Water plants ${phrase}`)).toMatchObject({
      text: 'Water plants',
      repeats: { amount, type },
    });
    expect(parse(`${phrase} water plants`)).toMatchObject({
      text: 'water plants',
      repeats: { amount, type },
    });
  });
  it.each([
    'every',
    'every 2',
    'every eleven days',
    'every 0 days',
    'every other day',
    'everyday',
    'every dayx',
    'xdaily',
    'daily2',
    'every  day',
    'every day,',
  ])('%s is not a repeat', (phrase) => {
    expect(parse(`Water ${phrase}`)).toMatchObject({ text: `Water ${phrase}`, repeats: null });
  });
  it('leaves one space where a repeat in the middle was', () => {
    expect(parse('Water every day the plants')).toMatchObject({ text: 'Water the plants' });
  });
  it('combines with a date', () => {
    expect(parse('Standup every weekday mon at 9')).toMatchObject({
      text: 'Standup every weekday',
      repeats: null,
      date: '2026-04-20 09:00',
    });
    expect(parse('Standup daily from mon at 9')).toMatchObject({
      text: 'Standup from',
      repeats: { amount: 1, type: 'days' },
      date: '2026-04-20 09:00',
    });
  });
});

describe('prefixes in both modes', () => {
  const modes: [QuickAddMagicMode, { label: string; project: string; assignee: string }][] = [
    ['vikunja', { label: '*', project: '+', assignee: '@' }],
    ['todoist', { label: '@', project: '#', assignee: '+' }],
  ];
  describe.each(modes)('%s', (mode, p) => {
    const run = (input: string) => parse(input, '2026-04-15 10:30', mode);
    it('reads a label, a project and an assignee', () => {
      expect(run(`Fix ${p.label}bug ${p.project}App ${p.assignee}sam`)).toMatchObject({
        text: `Fix ${p.assignee}sam`,
        labels: ['bug'],
        project: 'App',
        assignees: ['sam'],
      });
    });
    it('reads quoted names with spaces', () => {
      expect(run(`Fix ${p.label}"big bug" ${p.project}'My App' ${p.assignee}"Sam Smith"`)).toMatchObject({
        text: `Fix ${p.assignee}"Sam Smith"`,
        labels: ['big bug'],
        project: 'My App',
        assignees: ['Sam Smith'],
      });
    });
    it('reads items at the start of the text', () => {
      expect(run(`${p.label}a ${p.project}b ${p.assignee}c !1 Fix`)).toMatchObject({
        text: `${p.assignee}c Fix`,
        labels: ['a'],
        project: 'b',
        priority: 1,
        assignees: ['c'],
      });
    });
    it('ignores prefixes inside words and bare prefixes', () => {
      const input = `a${p.label}b c${p.project}d e${p.assignee}f ${p.label} ${p.project} ${p.assignee} !`;
      expect(run(input)).toMatchObject({
        text: input,
        labels: [],
        project: null,
        assignees: [],
        priority: null,
      });
    });
    it('takes doubled prefixes', () => {
      expect(run(`Fix ${p.label}${p.label}a ${p.project}${p.project}b`)).toMatchObject({
        text: 'Fix',
        labels: ['a'],
        project: 'b',
      });
    });
    it('skips empty quoted names', () => {
      expect(run(`Fix ${p.label}"" ${p.project}''`)).toMatchObject({
        text: `Fix ${p.label}"" ${p.project}''`,
        labels: [],
        project: null,
      });
    });
    it('keeps many labels in order', () => {
      expect(run(`Fix ${p.label}c ${p.label}a ${p.label}b ${p.label}a`)).toMatchObject({
        text: 'Fix',
        labels: ['c', 'a', 'b'],
      });
    });
    it('removes every whole token of the chosen project, case-insensitively', () => {
      expect(run(`Fix ${p.project}App ${p.project}app ${p.project}Apps`)).toMatchObject({
        text: `Fix ${p.project}Apps`,
        project: 'App',
      });
    });
  });
  it.each([
    ['!1', 1],
    ['!2', 2],
    ['!3', 3],
    ['!4', 4],
    ['!5', 5],
    ['!0', 0],
    ['!05', 5],
    ['!"4"', 4],
    ['!!4', 4],
  ])('priority %s gives %i', (token, priority) => {
    expect(parse(`Fix ${token}`)).toMatchObject({ text: 'Fix', priority });
  });
  it.each(['!6', '!-1', '!1.5', '!high', '!3abc', 'x!3', '! 3'])('%s is no priority', (token) => {
    expect(parse(`Fix ${token}`)).toMatchObject({ text: `Fix ${token}`, priority: null });
  });
  it('a quoted item glued to more text is read but stays in the text', () => {
    expect(parse("Fix *'a b'c")).toMatchObject({ text: "Fix *'a b'c", labels: ['a b'] });
  });
  it('does not read items inside a quoted item', () => {
    expect(parse("Fix *'a +b !2'")).toMatchObject({
      text: 'Fix',
      labels: ['a +b !2'],
      project: null,
      priority: null,
    });
  });
  it('keeps regex-special characters literal', () => {
    expect(parse('Fix *a.b *(x) +[p]* !1')).toMatchObject({
      text: 'Fix',
      labels: ['a.b', '(x)'],
      project: '[p]*',
      priority: 1,
    });
  });
  it('never reads an assignee name as a date, time or repeat', () => {
    expect(parse('Call @"john today" x')).toMatchObject({
      text: 'Call @"john today" x',
      date: null,
      assignees: ['john today'],
    });
    expect(parse('Meet @"Sam at 5" tomorrow')).toMatchObject({
      text: 'Meet @"Sam at 5"',
      date: '2026-04-16 12:00',
      assignees: ['Sam at 5'],
    });
    expect(parse("Ping +'every day' team", '2026-04-15 10:30', 'todoist')).toMatchObject({
      text: "Ping +'every day' team",
      repeats: null,
      assignees: ['every day'],
    });
    expect(parse('@a today @b at 5 @c')).toMatchObject({ text: '@a  @b @c', date: '2026-04-15 05:00' });
  });
  it('hides assignee names even when the input holds private-use characters', () => {
    expect(parse('Call \uE000\uE001 @"john today" tomorrow')).toMatchObject({
      text: 'Call \uE000\uE001 @"john today"',
      date: '2026-04-16 12:00',
    });
  });
  it('reads an unknown stored mode as the default mode', () => {
    const result = parseQuickAdd('Fix *bug', {
      mode: 'legacy' as QuickAddMagicMode,
      now: local('2026-04-15 10:30'),
    });
    expect(result).toMatchObject({ text: 'Fix', labels: ['bug'] });
  });
  it('does not read the Vikunja prefixes in todoist mode or the other way round', () => {
    expect(parse('Fix #proj', '2026-04-15 10:30', 'vikunja')).toMatchObject({
      text: 'Fix #proj',
      project: null,
    });
    expect(parse('Fix *label', '2026-04-15 10:30', 'todoist')).toMatchObject({
      text: 'Fix *label',
      labels: [],
    });
  });
});

describe('combinations', () => {
  it.each([
    [
      'Write report *work +Office !2 @ann friday at 4pm every week',
      {
        text: 'Write report @ann',
        labels: ['work'],
        project: 'Office',
        priority: 2,
        assignees: ['ann'],
        date: '2026-04-17 16:00',
        repeats: { amount: 1, type: 'weeks' },
      },
    ],
    [
      '*"deep work" Review PR in 3 hours !1',
      { text: 'Review PR', labels: ['deep work'], priority: 1, date: '2026-04-15 13:30' },
    ],
    [
      'Pay rent monthly 1st',
      { text: 'Pay rent', repeats: { amount: 1, type: 'months' }, date: '2026-05-01 10:30' },
    ],
    ['Dentist 2026-06-03 at 14:15 +Health', { text: 'Dentist', project: 'Health', date: '2026-06-03 14:15' }],
    ['Call mom tomorrow tonight', { text: 'Call mom tomorrow', date: '2026-04-15 21:00' }],
    ['Tax return end of month !5', { text: 'Tax return', priority: 5, date: '2026-04-30 09:00' }],
    ['Gym later next week at 7am', { text: 'Gym', date: '2026-04-24 07:00' }],
  ])('%s', (input, expected) => {
    expect(parse(input)).toMatchObject(expected);
  });
});

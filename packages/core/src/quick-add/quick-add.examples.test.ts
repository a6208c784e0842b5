/**
 * Every quick-add example in behaviour.md §1 and the quick-add rows of §11 (the Ordo column).
 * Default mode and now = Wed 2026-04-15 10:30 unless a row says otherwise.
 */
import { describe, expect, it } from 'vitest';
import type { QuickAddMagicMode } from '../user-settings.js';
import { parseQuickAdd } from './pipeline.js';
import type { QuickAddResult } from './types.js';

/** `2026-04-15 10:30` → a local Date. */
function local(text: string): Date {
  const [y, mo, d, h, mi] = text.split(/[- :]/).map(Number);
  const date = new Date(2000, 0, 1);
  date.setFullYear(y, mo - 1, d);
  date.setHours(h, mi, 0, 0);
  return date;
}

/** A local Date → `2026-04-15 10:30` (seconds shown only when not zero). */
function show(date: Date | null): string | null {
  if (date === null) return null;
  const pad = (value: number) => String(value).padStart(2, '0');
  const text = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
  return date.getSeconds() === 0 && date.getMilliseconds() === 0 ? text : `${text}:${pad(date.getSeconds())}`;
}

const NOW = '2026-04-15 10:30';

function parse(input: string, mode: QuickAddMagicMode = 'vikunja', now = NOW) {
  const result = parseQuickAdd(input, { mode, now: local(now) });
  return { ...result, date: show(result.date) };
}

type Expected = Partial<Omit<QuickAddResult, 'date'> & { date: string | null }>;

interface Row {
  input: string;
  mode?: QuickAddMagicMode;
  now?: string;
  expected: Expected;
}

function check(rows: Row[]) {
  it.each(
    rows.map(
      (row) => [`${row.mode ?? 'vikunja'}: ${JSON.stringify(row.input)} @ ${row.now ?? NOW}`, row] as const,
    ),
  )('%s', (_name, row) => {
    expect(parse(row.input, row.mode, row.now)).toMatchObject(row.expected);
  });
}

const plain = (text: string): Expected => ({
  text,
  date: null,
  labels: [],
  project: null,
  priority: null,
  assignees: [],
  repeats: null,
});

describe('§1.1 modes', () => {
  check([
    {
      input: 'Lorem *a +b !3 @c tomorrow every day',
      mode: 'disabled',
      expected: plain('Lorem *a +b !3 @c tomorrow every day'),
    },
    { input: '  spaced  ', mode: 'disabled', expected: plain('  spaced  ') },
    { input: '"quoted"', mode: 'disabled', expected: plain('"quoted"') },
  ]);
});

describe('§1.2 pipeline order', () => {
  check([
    { input: '"Lorem *label tomorrow every day"', expected: plain('Lorem *label tomorrow every day') },
    { input: "'Lorem +project !3 @user at 5pm'", expected: plain('Lorem +project !3 @user at 5pm') },
    {
      input: '"Lorem @label #project today"',
      mode: 'todoist',
      expected: plain('Lorem @label #project today'),
    },
    { input: '""', expected: plain('') },
    { input: "''", expected: plain('') },
    { input: '"abc', expected: { text: '"abc' } },
    { input: `"abc'`, expected: { text: `"abc'` } },
    { input: 'delete "mails" today', expected: { text: 'delete "mails"', date: '2026-04-15 12:00' } },
    {
      input: 'Lorem Ipsum today @label #project !2 +user',
      mode: 'todoist',
      expected: {
        text: 'Lorem Ipsum  +user',
        labels: ['label'],
        project: 'project',
        priority: 2,
        assignees: ['user'],
        date: '2026-04-15 12:00',
      },
    },
    { input: 'Lorem *today', expected: { text: 'Lorem', labels: ['today'], date: null } },
    { input: 'Lorem +today', expected: { text: 'Lorem', project: 'today', date: null } },
    { input: 'Lorem @today', expected: { text: 'Lorem @today', assignees: ['today'], date: null } },
  ]);
});

describe('§1.3 prefixed items', () => {
  check([
    { input: 'Mail email@example.com', expected: { text: 'Mail email@example.com', assignees: [] } },
    { input: 'Learn C#', mode: 'todoist', expected: { text: 'Learn C#', project: null } },
    { input: 'Lorem*Ipsum', expected: { text: 'Lorem*Ipsum', labels: [] } },
    { input: 'Lorem **double', expected: { text: 'Lorem', labels: ['double'] } },
    { input: "Lorem *'label with space'", expected: { text: 'Lorem', labels: ['label with space'] } },
    { input: 'Lorem *"label with space"', expected: { text: 'Lorem', labels: ['label with space'] } },
    { input: 'Lorem *"unclosed label', expected: { text: 'Lorem', labels: ['unclosed label'] } },
    { input: 'Ping @email@example.com', expected: { assignees: ['email@example.com'] } },
    {
      input: 'Lorem Ipsum today @ 15:00',
      mode: 'todoist',
      expected: { labels: [], date: '2026-04-15 15:00' },
    },
    {
      input: 'Lorem Ipsum today @15:00',
      mode: 'todoist',
      expected: { text: 'Lorem Ipsum', labels: ['15:00'], date: '2026-04-15 12:00' },
    },
    { input: 'Lorem *Label *label', expected: { text: 'Lorem', labels: ['Label', 'label'] } },
    { input: 'Lorem *a *a', expected: { text: 'Lorem', labels: ['a'] } },
    { input: 'Lorem *a *abc', expected: { text: 'Lorem', labels: ['a', 'abc'] } },
    { input: 'a *"a (a)"', expected: { text: 'a', labels: ['a (a)'] } },
    {
      input: 'Lorem Ipsum +project1 +project2 +project3',
      expected: { text: 'Lorem Ipsum +project2 +project3', project: 'project1' },
    },
    { input: 'Lorem !9999 !1', expected: { text: 'Lorem !9999', priority: 1 } },
    { input: 'Lorem !6', expected: { text: 'Lorem !6', priority: null } },
    { input: 'Lorem !0', expected: { text: 'Lorem', priority: 0 } },
    { input: 'Lorem !3abc', expected: { text: 'Lorem !3abc', priority: null } },
    {
      input: 'Lorem @alice @bob @alice',
      expected: { text: 'Lorem @alice @bob @alice', assignees: ['alice', 'bob'] },
    },
  ]);
});

describe('§1.4 repeats', () => {
  check([
    {
      input: 'Lorem weekly every 2 days',
      expected: { text: 'Lorem every 2 days', repeats: { amount: 1, type: 'weeks' } },
    },
    // Mid-text the phrase goes with the space after it, so no double space is left; other inner
    // runs of spaces are not collapsed (§1.2 step 8).
    {
      input: 'Lorem Ipsum weekly every 2 days',
      expected: { text: 'Lorem Ipsum every 2 days', repeats: { amount: 1, type: 'weeks' } },
    },
    { input: 'Lorem daily Ipsum', expected: { text: 'Lorem Ipsum', repeats: { amount: 1, type: 'days' } } },
    { input: 'Lorem every 3 hours', expected: { text: 'Lorem', repeats: { amount: 3, type: 'hours' } } },
    { input: 'Lorem each day', expected: { text: 'Lorem', repeats: { amount: 1, type: 'days' } } },
    { input: 'Lorem every four weeks', expected: { text: 'Lorem', repeats: { amount: 4, type: 'weeks' } } },
    { input: 'Lorem every month', expected: { text: 'Lorem', repeats: { amount: 1, type: 'months' } } },
    { input: 'Lorem every 2 years', expected: { text: 'Lorem', repeats: { amount: 2, type: 'years' } } },
    { input: 'Lorem hourly', expected: { text: 'Lorem', repeats: { amount: 1, type: 'hours' } } },
    { input: 'Lorem daily', expected: { text: 'Lorem', repeats: { amount: 1, type: 'days' } } },
    { input: 'Lorem weekly', expected: { text: 'Lorem', repeats: { amount: 1, type: 'weeks' } } },
    { input: 'Lorem monthly', expected: { text: 'Lorem', repeats: { amount: 1, type: 'months' } } },
    { input: 'Lorem yearly', expected: { text: 'Lorem', repeats: { amount: 1, type: 'years' } } },
    { input: 'Lorem annually', expected: { text: 'Lorem', repeats: { amount: 1, type: 'years' } } },
    { input: 'Lorem biannually', expected: { text: 'Lorem', repeats: { amount: 6, type: 'months' } } },
    { input: 'Lorem semiannually', expected: { text: 'Lorem', repeats: { amount: 6, type: 'months' } } },
    { input: 'Lorem biennially', expected: { text: 'Lorem', repeats: { amount: 2, type: 'years' } } },
    { input: 'wordweeklynotword', expected: { text: 'wordweeklynotword', repeats: null } },
    { input: 'Lorem EVERY 2 DAYS', expected: { text: 'Lorem', repeats: { amount: 2, type: 'days' } } },
    {
      input: 'Lorem every day at 11:42',
      expected: { text: 'Lorem', repeats: { amount: 1, type: 'days' }, date: '2026-04-15 11:42' },
    },
    {
      input: 'Lorem Ipsum each 3 weeks',
      expected: { text: 'Lorem Ipsum', repeats: { amount: 3, type: 'weeks' } },
    },
    {
      input: 'Lorem Ipsum !4 every 2 days',
      mode: 'todoist',
      expected: { text: 'Lorem Ipsum', priority: 4, repeats: { amount: 2, type: 'days' } },
    },
  ]);
});

describe('§1.5 dates', () => {
  check([
    {
      input: 'Lorem Ipsum tomorrow at 9am and today',
      expected: { text: 'Lorem Ipsum tomorrow and', date: '2026-04-15 09:00' },
    },
    // (a) relative keywords and the default hour
    { input: 'Task today', now: '2026-04-15 21:30', expected: { text: 'Task', date: '2026-04-15 09:00' } },
    { input: 'Task tomorrow', now: '2026-04-15 23:10', expected: { date: '2026-04-16 09:00' } },
    { input: 'Task today', now: '2026-04-15 09:00', expected: { date: '2026-04-15 09:00' } },
    { input: 'Task today', now: '2026-04-15 21:00', expected: { date: '2026-04-15 21:00' } },
    { input: 'Task tonight', expected: { text: 'Task', date: '2026-04-15 21:00' } },
    {
      input: 'Task end of month',
      now: '2026-04-15 19:30',
      expected: { text: 'Task', date: '2026-04-30 09:00' },
    },
    // (b) weekdays keep now's time; `next monday` in full is a keyword and gets the default hour
    { input: 'Task next mon', expected: { text: 'Task', date: '2026-04-20 10:30' } },
    { input: 'Task monday', expected: { text: 'Task', date: '2026-04-20 10:30' } },
    { input: 'Task next monday', expected: { text: 'Task', date: '2026-04-20 12:00' } },
    // (c) ordinals
    { input: 'Lorem 14th', now: '2026-01-15 10:30', expected: { text: 'Lorem', date: '2026-02-14 10:30' } },
    { input: 'Lorem 29th', now: '2026-01-30 10:30', expected: { text: 'Lorem', date: '2026-03-29 10:30' } },
    { input: 'Lorem 31st', now: '2026-04-01 10:30', expected: { text: 'Lorem', date: '2026-05-31 10:30' } },
    { input: 'Lorem 15th', now: '2026-04-15 10:30', expected: { text: 'Lorem', date: '2026-04-15 10:30' } },
    { input: 'Lorem 1nd', now: '2026-04-30 18:30', expected: { text: 'Lorem', date: '2026-05-01 18:30' } },
    { input: 'Lorem 2nd Floor', expected: { text: 'Lorem 2nd Floor', date: null } },
    { input: 'Lorem 13th floor', expected: { text: 'Lorem 13th floor', date: null } },
    {
      input: 'Lorem 21st June',
      now: '2021-06-24 12:00',
      expected: { text: 'Lorem', date: '2021-06-21 12:00' },
    },
    // (d) in N units
    { input: 'In 2 days', expected: { text: '', date: '2026-04-17 10:30' } },
    { input: 'Task In 2 days', expected: { text: 'Task', date: '2026-04-17 10:30' } },
    {
      input: 'Lorem in 1 month',
      now: '2026-01-31 10:30',
      expected: { text: 'Lorem', date: '2026-03-03 10:30' },
    },
    // (e) numeric dates
    { input: 'The 9/11 Report', expected: { text: 'The 9/11 Report', date: null } },
    {
      input: 'The 9/11 Report due 10/12',
      expected: { text: 'The 9/11 Report due', date: '2026-10-12 00:00' },
    },
    { input: 'meeting 9/11 at 10:00', expected: { text: 'meeting', date: '2026-09-11 10:00' } },
    { input: 'Lorem 27/07/2021,', expected: { text: 'Lorem 27/07/2021,', date: null } },
    { input: 'Update to v1.1.1', expected: { text: 'Update to v1.1.1', date: null } },
    { input: 'See https://example.com/1/2', expected: { text: 'See https://example.com/1/2', date: null } },
    { input: 'Lorem 27/07', expected: { text: 'Lorem', date: '2026-07-27 00:00' } },
    { input: 'Lorem 16/12', expected: { text: 'Lorem', date: '2026-12-16 00:00' } },
    { input: 'Lorem 01.02', expected: { text: 'Lorem', date: '2027-02-01 00:00' } },
    { input: 'Lorem 6/7/25', expected: { text: 'Lorem', date: '2025-06-07 00:00' } },
    // (f) month names
    { input: 'Lorem Feb 17', expected: { text: 'Lorem', date: '2027-02-17 00:00' } },
    { input: 'Lorem jan 5 2027', expected: { text: 'Lorem', date: '2027-01-05 00:00' } },
    { input: 'Lorem 5 jan 2027', expected: { text: 'Lorem', date: '2027-01-05 00:00' } },
    { input: 'Lorem jan 271', expected: { text: 'Lorem jan 271', date: null } },
    // (g) time suffix
    { input: 'Task at 5', expected: { text: 'Task', date: '2026-04-15 05:00' } },
    { input: 'Task at 12 am', expected: { text: 'Task', date: '2026-04-15 00:00' } },
    { input: 'Task at 12pm', expected: { text: 'Task', date: '2026-04-15 12:00' } },
    { input: 'Task at 10:00 in 5 days', expected: { text: 'Task', date: '2026-04-20 10:00' } },
    { input: 'Task AT 5PM', expected: { text: 'Task', date: '2026-04-15 17:00' } },
    // text removal
    { input: 'Lorem sat down', expected: { text: 'Lorem  down', date: '2026-04-18 10:30' } },
  ]);
});

describe('§1.5 things that are not dates', () => {
  const words = [
    'renewed',
    'github',
    'fix monitor stand',
    'order wedding cake',
    'investigate thumping noise',
    'iron frilly napkins',
    'take photo of saturn',
    'fix sunglasses',
    'monitor blood pressure',
    'buy almonds',
    'Renovation',
    'Remark',
    'Renovation - 2nd Floor Bath',
    'Remark - 13th floor',
    '13th floor - remark',
  ];
  const inputs = words.flatMap((word) => [word, `${word} Lorem`, `Lorem ${word} Ipsum`, `Lorem ${word}`]);
  inputs.push('mondayipsum', 'ipsummon', 'Lorem mondayipsum dolor', 'Lorem ipsummon dolor');
  inputs.push('The 01/02 Report', 'a]7/8 debate', 'The 1.2 formula', 'Buy 2 apples');
  it.each(inputs)('%j has no date and keeps its text', (input) => {
    expect(parse(input)).toMatchObject({ text: input, date: null });
  });
});

describe('§1.6 worked examples', () => {
  const same = {
    text: 'Task  @alice',
    date: '2026-04-16 12:00',
    labels: ['home'],
    project: 'Work',
    priority: 3,
    assignees: ['alice'],
    repeats: { amount: 1, type: 'weeks' as const },
  };
  check([
    { input: 'Task tomorrow *home +Work !3 @alice every week', expected: same },
    {
      input: 'Task tomorrow @home #Work !3 +alice every week',
      mode: 'todoist',
      expected: { ...same, text: 'Task  +alice' },
    },
    {
      input: 'Lorem Ipsum *label +project',
      mode: 'todoist',
      expected: { text: 'Lorem Ipsum *label +project', labels: [], project: null, assignees: ['project'] },
    },
    { input: 'Learn C# today', mode: 'todoist', expected: { text: 'Learn C#', date: '2026-04-15 12:00' } },
    { input: 'Task today', now: '2026-04-15 08:59', expected: { text: 'Task', date: '2026-04-15 09:00' } },
    { input: 'Task today', now: '2026-04-15 09:01', expected: { text: 'Task', date: '2026-04-15 12:00' } },
    { input: 'Task today', now: '2026-04-15 12:30', expected: { text: 'Task', date: '2026-04-15 15:00' } },
    { input: 'Task today', now: '2026-04-15 21:30', expected: { text: 'Task', date: '2026-04-15 09:00' } },
    { input: 'Task tomorrow', now: '2026-04-15 15:54', expected: { text: 'Task', date: '2026-04-16 18:00' } },
    { input: 'Task tomorrow', now: '2026-04-15 18:45', expected: { text: 'Task', date: '2026-04-16 21:00' } },
    { input: 'Task tomorrow', now: '2026-04-15 23:10', expected: { text: 'Task', date: '2026-04-16 09:00' } },
    { input: 'Task next week', expected: { text: 'Task', date: '2026-04-22 12:00' } },
    {
      input: 'Task end of month',
      now: '2026-04-15 10:30',
      expected: { text: 'Task', date: '2026-04-30 09:00' },
    },
    {
      input: 'Task end of month',
      now: '2026-04-15 19:30',
      expected: { text: 'Task', date: '2026-04-30 09:00' },
    },
    { input: 'Task next month', expected: { text: 'Task', date: '2026-05-01 12:00' } },
    { input: 'Task fri', expected: { text: 'Task', date: '2026-04-17 10:30' } },
    { input: 'Task wed', expected: { text: 'Task', date: '2026-04-15 10:30' } },
    { input: 'Task next wed', expected: { text: 'Task', date: '2026-04-15 10:30' } },
    {
      input: 'Task next monday',
      now: '2026-04-13 10:30',
      expected: { text: 'Task', date: '2026-04-13 12:00' },
    },
    {
      input: 'Task this weekend',
      now: '2026-04-19 10:30',
      expected: { text: 'Task', date: '2026-04-19 12:00' },
    },
    {
      input: 'Task later this week',
      now: '2026-04-17 10:30',
      expected: { text: 'Task', date: '2026-04-17 12:00' },
    },
    {
      input: 'Lorem Ipsum next friday at 8:15 pm',
      expected: { text: 'Lorem Ipsum', date: '2026-04-17 20:15' },
    },
    { input: 'Task tonight at 23:00', expected: { text: 'Task', date: '2026-04-15 23:00' } },
    { input: 'Task at 5pm', expected: { text: 'Task', date: '2026-04-15 17:00' } },
    { input: 'Task @ 9', expected: { text: 'Task', date: '2026-04-15 09:00' } },
    { input: 'Meet at 3 today', expected: { text: 'Meet', date: '2026-04-15 03:00' } },
    { input: 'Task at 10:30', expected: { text: 'Task at 10:30', date: null } },
    { input: 'Task in 3 days', expected: { text: 'Task', date: '2026-04-18 10:30' } },
    { input: 'Task in 2 hours', expected: { text: 'Task', date: '2026-04-15 12:30' } },
    { input: 'Lorem Ipsum in 2 weeks at 8pm', expected: { text: 'Lorem Ipsum', date: '2026-04-29 20:00' } },
    {
      input: 'Lorem Ipsum in 1 month',
      now: '2026-01-31 10:30',
      expected: { text: 'Lorem Ipsum', date: '2026-03-03 10:30' },
    },
    { input: 'Lorem Ipsum 14th', expected: { text: 'Lorem Ipsum', date: '2026-05-14 10:30' } },
    { input: 'Lorem Ipsum 15th', expected: { text: 'Lorem Ipsum', date: '2026-04-15 10:30' } },
    { input: 'Lorem Ipsum 5th at 3pm', expected: { text: 'Lorem Ipsum', date: '2026-05-05 15:00' } },
    { input: 'Lorem Ipsum 5th floor', expected: { text: 'Lorem Ipsum 5th floor', date: null } },
    { input: 'Lorem Ipsum 04/15', expected: { text: 'Lorem Ipsum', date: '2027-04-15 00:00' } },
    { input: 'Lorem Ipsum 31/12/2026', expected: { text: 'Lorem Ipsum', date: '2026-12-31 00:00' } },
    { input: 'Lorem Ipsum 2026/1/05', expected: { text: 'Lorem Ipsum', date: '2026-01-05 00:00' } },
    { input: 'Lorem Ipsum 2026-05-02 at 8am', expected: { text: 'Lorem Ipsum', date: '2026-05-02 08:00' } },
    { input: 'Lorem Ipsum 2026-05-2', expected: { text: 'Lorem Ipsum 2026-05-2', date: null } },
    { input: 'Lorem Ipsum 12.13', expected: { text: 'Lorem Ipsum', date: '2026-12-13 00:00' } },
    { input: 'Lorem Ipsum 13.13', expected: { text: 'Lorem Ipsum 13.13', date: null } },
    { input: 'Lorem Ipsum may 5', expected: { text: 'Lorem Ipsum', date: '2026-05-05 00:00' } },
    {
      input: 'Lorem Ipsum 27 jan',
      now: '2021-06-24 12:00',
      expected: { text: 'Lorem Ipsum', date: '2022-01-27 00:00' },
    },
    {
      input: 'jan 27 Lorem Ipsum',
      now: '2021-06-24 12:00',
      expected: { text: 'Lorem Ipsum', date: '2022-01-27 00:00' },
    },
    {
      input: 'Lorem Ipsum jul 21',
      now: '2021-06-24 12:00',
      expected: { text: 'Lorem Ipsum', date: '2021-07-21 00:00' },
    },
    {
      input: 'Lorem Ipsum 06/08/2021',
      now: '2021-06-24 12:00',
      expected: { text: 'Lorem Ipsum', date: '2021-06-08 00:00' },
    },
    {
      input: 'Lorem Ipsum 6/7/21',
      now: '2021-06-24 12:00',
      expected: { text: 'Lorem Ipsum', date: '2021-06-07 00:00' },
    },
    {
      input: '01.02 Lorem Ipsum',
      now: '2021-06-24 12:00',
      expected: { text: 'Lorem Ipsum', date: '2022-02-01 00:00' },
    },
    {
      input: 'Lorem Ipsum 21st June',
      now: '2021-06-24 12:00',
      expected: { text: 'Lorem Ipsum', date: '2021-06-21 12:00' },
    },
    { input: '2nd March at 5pm', now: '2021-06-24 12:00', expected: { date: '2021-03-02 17:00' } },
    { input: 'Something at 10:00 sep 17th', now: '2021-06-24 12:00', expected: { date: '2021-09-17 10:00' } },
    { input: 'Lorem !2 !3', expected: { text: 'Lorem !3', priority: 2 } },
    { input: 'Lorem +a b', expected: { text: 'Lorem b', project: 'a' } },
    { input: 'Lorem +proj *proj', expected: { text: 'Lorem', project: 'proj', labels: ['proj'] } },
    { input: '*label', expected: { text: '', labels: ['label'] } },
  ]);
});

describe('§11 where Ordo departs from Vikunja (Ordo column)', () => {
  check([
    { input: 'Lorem **double', expected: { labels: ['double'], text: 'Lorem' } },
    { input: 'Lorem *a *abc', expected: { labels: ['a', 'abc'], text: 'Lorem' } },
    { input: 'Lorem !3abc', expected: { priority: null, text: 'Lorem !3abc' } },
    {
      input: 'Lorem Ipsum every Day',
      expected: { repeats: { amount: 1, type: 'days' }, text: 'Lorem Ipsum' },
    },
    { input: 'Lorem Ipsum Weekly', expected: { repeats: { amount: 1, type: 'weeks' }, text: 'Lorem Ipsum' } },
    { input: 'every Two hours', expected: { repeats: { amount: 2, type: 'hours' }, text: '' } },
    { input: 'Lorem todayish', expected: { date: null, text: 'Lorem todayish' } },
    { input: 'Lorem Ipsum in 1 Week', expected: { date: '2026-04-22 10:30', text: 'Lorem Ipsum' } },
    { input: 'Lorem Ipsum jan 5 2027', expected: { date: '2027-01-05 00:00', text: 'Lorem Ipsum' } },
    { input: 'Lorem Ipsum jan 271', expected: { date: null, text: 'Lorem Ipsum jan 271' } },
    { input: 'Lorem monitor mon', expected: { date: '2026-04-20 10:30', text: 'Lorem monitor' } },
  ]);
});

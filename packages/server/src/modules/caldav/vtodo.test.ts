import { describe, expect, it } from 'vitest';
import { htmlToText, textToHtml } from './description-text.js';
import { repeatOf, repeatRule } from './repeat-rule.js';
import { readVtodo } from './vtodo-input.js';
import { taskToICalendar, type VtodoTask } from './vtodo-output.js';

const ZERO = '0001-01-01T00:00:00Z';

const task = (extra: Partial<VtodoTask> = {}): VtodoTask => ({
  uid: 'u-1',
  title: 'Pay rent',
  description: '',
  done: false,
  done_at: ZERO,
  due_date: ZERO,
  start_date: ZERO,
  end_date: ZERO,
  priority: 0,
  percent_done: 0,
  repeat_after: 0,
  repeat_mode: 0,
  created: '2030-01-01T10:00:00Z',
  updated: '2030-01-02T10:00:00Z',
  labels: null,
  reminders: null,
  ...extra,
});

const todo = (...lines: string[]) =>
  [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:x',
    'BEGIN:VTODO',
    'UID:u-1',
    ...lines,
    'END:VTODO',
    'END:VCALENDAR',
  ].join('\r\n');

describe('a task as a VTODO', () => {
  it('is the same text for the same task, stamped with its last change', () => {
    const text = taskToICalendar(task());
    expect(taskToICalendar(task())).toBe(text);
    expect(text).toContain('DTSTAMP:20300102T100000Z');
    expect(text).toContain('STATUS:NEEDS-ACTION');
    expect(text).not.toContain('PRIORITY');
    expect(text).not.toContain('DUE');
  });

  it('maps priorities 1–5 to 9, 5, 3, 2, 1 and back', () => {
    const out = [1, 2, 3, 4, 5].map((p) => /PRIORITY:(\d)/.exec(taskToICalendar(task({ priority: p })))?.[1]);
    expect(out).toEqual(['9', '5', '3', '2', '1']);
    const back = [1, 2, 3, 4, 5, 6, 9, 0].map((p) => readVtodo(todo('SUMMARY:x', `PRIORITY:${p}`)).priority);
    expect(back).toEqual([5, 4, 3, 3, 2, 1, 1, 0]);
  });

  it('writes the end as a DURATION after the start, done as COMPLETED, labels and alarms', () => {
    const text = taskToICalendar(
      task({
        start_date: '2030-03-01T08:00:00Z',
        end_date: '2030-03-01T09:30:00Z',
        done: true,
        done_at: '2030-03-01T10:00:00Z',
        labels: [{ title: 'Home' }, { title: 'a,b' }],
        reminders: [
          { reminder: '2030-03-01T07:00:00Z', relative_period: -3600, relative_to: 'start_date' },
          { reminder: '2030-02-28T00:00:00Z', relative_period: 0, relative_to: '' },
        ],
      }),
    );
    expect(text).toContain('DURATION:PT1H30M');
    expect(text).toContain('STATUS:COMPLETED');
    expect(text).toContain('COMPLETED:20300301T100000Z');
    expect(text).toContain('CATEGORIES:Home,a\\,b');
    expect(text).toContain('TRIGGER;RELATED=START:-PT1H');
    expect(text).toContain('TRIGGER;VALUE=DATE-TIME:20300228T000000Z');
  });

  it('reads back what it wrote', () => {
    const source = task({
      description: '<p>First</p><p>Second &amp; last</p>',
      due_date: '2030-03-01T15:00:00Z',
      start_date: '2030-03-01T08:00:00Z',
      end_date: '2030-03-01T09:00:00Z',
      priority: 4,
      percent_done: 0.5,
      repeat_after: 86_400 * 3,
      labels: [{ title: 'Bills' }],
      reminders: [{ reminder: ZERO, relative_period: -600, relative_to: 'due_date' }],
      parents: ['p-1'],
      children: ['c-1', 'c-2'],
    });
    expect(readVtodo(taskToICalendar(source))).toEqual({
      uid: 'u-1',
      title: 'Pay rent',
      description: 'First\nSecond & last',
      done: false,
      due_date: '2030-03-01T15:00:00Z',
      start_date: '2030-03-01T08:00:00Z',
      end_date: '2030-03-01T09:00:00Z',
      priority: 4,
      percent_done: 0.5,
      repeat: { repeat_after: 259_200, repeat_mode: 0 },
      categories: ['Bills'],
      reminders: [{ relative_period: -600, relative_to: 'due_date' }],
      parents: ['p-1'],
      children: ['c-1', 'c-2'],
    });
  });
});

describe('reading a VTODO', () => {
  it('resolves a TZID through the calendar’s VTIMEZONE, or as an IANA zone without one', () => {
    const withZone = [
      'BEGIN:VCALENDAR',
      'VERSION:2.0',
      'PRODID:x',
      'BEGIN:VTIMEZONE',
      'TZID:Custom/Plus2',
      'BEGIN:STANDARD',
      'DTSTART:19700101T000000',
      'TZOFFSETFROM:+0200',
      'TZOFFSETTO:+0200',
      'END:STANDARD',
      'END:VTIMEZONE',
      'BEGIN:VTODO',
      'UID:z',
      'SUMMARY:z',
      'DUE;TZID=Custom/Plus2:20300301T150000',
      'END:VTODO',
      'END:VCALENDAR',
    ].join('\r\n');
    expect(readVtodo(withZone).due_date).toBe('2030-03-01T13:00:00Z');
    expect(readVtodo(todo('SUMMARY:x', 'DUE;TZID=Europe/Berlin:20300701T150000')).due_date).toBe(
      '2030-07-01T13:00:00Z',
    );
    expect(readVtodo(todo('SUMMARY:x', 'DUE;TZID=America/New_York:20300115T090000')).due_date).toBe(
      '2030-01-15T14:00:00Z',
    );
  });

  it('takes an all-day date as midnight UTC and a floating time as UTC', () => {
    expect(readVtodo(todo('SUMMARY:x', 'DUE;VALUE=DATE:20300301')).due_date).toBe('2030-03-01T00:00:00Z');
    expect(readVtodo(todo('SUMMARY:x', 'DTSTART:20300301T080000')).start_date).toBe('2030-03-01T08:00:00Z');
  });

  it('leaves out what the client did not send, and clears labels with an empty CATEGORIES', () => {
    const bare = readVtodo(todo('SUMMARY:x'));
    expect(bare.categories).toBeUndefined();
    expect(bare.reminders).toBeUndefined();
    expect(bare.percent_done).toBeUndefined();
    expect(bare.repeat).toBeUndefined();
    expect(readVtodo(todo('SUMMARY:x', 'CATEGORIES:')).categories).toEqual([]);
    expect(readVtodo(todo('SUMMARY:x', 'CATEGORIES:a,b', 'CATEGORIES:b,c')).categories).toEqual([
      'a',
      'b',
      'c',
    ]);
  });

  it('reads RELATED-TO without a RELTYPE as the parent', () => {
    const read = readVtodo(
      todo('SUMMARY:x', 'RELATED-TO:p', 'RELATED-TO;RELTYPE=CHILD:c', 'RELATED-TO;RELTYPE=SIBLING:s'),
    );
    expect(read.parents).toEqual(['p']);
    expect(read.children).toEqual(['c']);
  });

  it('takes COMPLETED or STATUS:COMPLETED as done', () => {
    expect(readVtodo(todo('SUMMARY:x', 'STATUS:COMPLETED')).done).toBe(true);
    expect(readVtodo(todo('SUMMARY:x', 'COMPLETED:20300101T000000Z')).done).toBe(true);
    expect(readVtodo(todo('SUMMARY:x', 'STATUS:IN-PROCESS')).done).toBe(false);
  });

  it('reads start-related alarms of a task without a start as due-related', () => {
    const alarm = ['BEGIN:VALARM', 'TRIGGER:-PT15M', 'ACTION:DISPLAY', 'DESCRIPTION:x', 'END:VALARM'];
    expect(readVtodo(todo('SUMMARY:x', 'DUE:20300101T100000Z', ...alarm)).reminders).toEqual([
      { relative_period: -900, relative_to: 'due_date' },
    ]);
    expect(readVtodo(todo('SUMMARY:x', ...alarm)).reminders).toEqual([]);
  });

  it('refuses text that is not iCalendar or holds no VTODO', () => {
    expect(() => readVtodo('hello')).toThrow();
    expect(() => readVtodo('BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nEND:VEVENT\r\nEND:VCALENDAR')).toThrow(
      /no VTODO/,
    );
  });
});

describe('repeat rules', () => {
  it('use the largest whole unit, monthly for mode 1', () => {
    expect(repeatRule(604_800 * 2, 0)).toBe('FREQ=WEEKLY;INTERVAL=2');
    expect(repeatRule(86_400, 0)).toBe('FREQ=DAILY;INTERVAL=1');
    expect(repeatRule(90, 0)).toBe('FREQ=SECONDLY;INTERVAL=90');
    expect(repeatRule(0, 1)).toBe('FREQ=MONTHLY;INTERVAL=1');
    expect(repeatRule(0, 0)).toBeNull();
    expect(repeatOf('HOURLY', 6)).toEqual({ repeat_after: 21_600, repeat_mode: 0 });
    expect(repeatOf('MONTHLY', 1)).toEqual({ repeat_after: 0, repeat_mode: 1 });
    expect(repeatOf('YEARLY', 1)).toBeNull();
  });
});

describe('descriptions', () => {
  it('become text with their lines, and text becomes paragraphs', () => {
    expect(htmlToText('<p>One<br>two</p><ul><li>three</li></ul><p>&lt;four&gt; &#8364;</p>')).toBe(
      'One\ntwo\n- three\n<four> €',
    );
    expect(textToHtml('a <b>\r\nc')).toBe('<p>a &lt;b&gt;</p><p>c</p>');
    expect(textToHtml('  ')).toBe('');
  });
});

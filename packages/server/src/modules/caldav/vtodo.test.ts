import { describe, expect, it } from 'vitest';
import { htmlToText, textToHtml } from './description-text.js';
import { InvalidCalendarError, readVtodo as readIn } from './vtodo-input.js';
import { mergeClientObject } from './vtodo-merge.js';
import { taskToICalendar, type VtodoTask } from './vtodo-output.js';

const ZERO = '0001-01-01T00:00:00Z';

const readVtodo = (text: string, zone = 'UTC') => readIn(text, zone);

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

  it('carries SEQUENCE once the task has been revised, and none before', () => {
    expect(taskToICalendar(task())).not.toContain('SEQUENCE');
    expect(taskToICalendar(task({ sequence: 3 }))).toContain('SEQUENCE:3');
    expect(readVtodo(taskToICalendar(task({ sequence: 3 }))).sequence).toBe(3);
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
      endIsDuration: false,
      priority: 4,
      percent_done: 0.5,
      rrule: 'FREQ=DAILY;INTERVAL=3',
      repeat: { repeat_after: 259_200, repeat_mode: 0 },
      repeatsOnDates: false,
      categories: ['Bills'],
      reminders: [{ relative_period: -600, relative_to: 'due_date' }],
      parents: ['p-1'],
      children: ['c-1', 'c-2'],
      sequence: 0,
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

  it('takes all-day dates as midnight and floating times as wall times in the user’s zone', () => {
    expect(readVtodo(todo('SUMMARY:x', 'DUE;VALUE=DATE:20300301')).due_date).toBe('2030-03-01T00:00:00Z');
    expect(readVtodo(todo('SUMMARY:x', 'DTSTART:20300301T080000')).start_date).toBe('2030-03-01T08:00:00Z');
    const berlin = (line: string) => readVtodo(todo('SUMMARY:x', line), 'Europe/Berlin');
    expect(berlin('DUE;VALUE=DATE:20300301').due_date).toBe('2030-02-28T23:00:00Z');
    expect(berlin('DUE:20300701T080000').due_date).toBe('2030-07-01T06:00:00Z');
    expect(berlin('DUE:20300701T080000Z').due_date).toBe('2030-07-01T08:00:00Z');
  });

  it('keeps the RRULE as written and runs it as the nearest repeat', () => {
    expect(readVtodo(todo('SUMMARY:x', 'RRULE:FREQ=WEEKLY;BYDAY=MO,WE;COUNT=5'))).toMatchObject({
      rrule: 'FREQ=WEEKLY;BYDAY=MO,WE;COUNT=5',
      repeat: { repeat_after: 604_800, repeat_mode: 0 },
    });
    expect(readVtodo(todo('SUMMARY:x', 'RRULE:FREQ=YEARLY')).rrule).toBe('FREQ=YEARLY');
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

  it('reads when COMPLETED says the task was done, in UTC', () => {
    expect(readVtodo(todo('SUMMARY:x', 'STATUS:COMPLETED', 'COMPLETED:20300101T081500Z')).completed).toBe(
      '2030-01-01T08:15:00Z',
    );
    expect(readVtodo(todo('SUMMARY:x', 'STATUS:COMPLETED')).completed).toBeUndefined();
  });

  it('reads start-related alarms of a task without a start as due-related', () => {
    const alarm = ['BEGIN:VALARM', 'TRIGGER:-PT15M', 'ACTION:DISPLAY', 'DESCRIPTION:x', 'END:VALARM'];
    expect(readVtodo(todo('SUMMARY:x', 'DUE:20300101T100000Z', ...alarm)).reminders).toEqual([
      { relative_period: -900, relative_to: 'due_date' },
    ]);
    expect(readVtodo(todo('SUMMARY:x', ...alarm)).reminders).toEqual([]);
  });

  it('refuses text that is not iCalendar or holds no VTODO, naming the precondition', () => {
    expect(() => readVtodo('hello')).toThrow(
      expect.objectContaining({ precondition: 'valid-calendar-data' }),
    );
    expect(() => readVtodo('BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nEND:VEVENT\r\nEND:VCALENDAR')).toThrow(
      expect.objectContaining({ precondition: 'supported-calendar-component' }),
    );
    expect(() => readVtodo('BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR')).toThrow(/no VTODO/);
    expect(() => readVtodo(todo('SUMMARY:x').replace('UID:u-1', `UID:${'u'.repeat(251)}`))).toThrow(/UID/);
    expect(readVtodo(todo(`SUMMARY:${'x'.repeat(251)}`)).title).toBe(`${'x'.repeat(249)}…`);
  });
});

describe('a task a client wrote', () => {
  const sent = todo(
    'SUMMARY:Pay rent',
    'DUE;VALUE=DATE:20301201',
    'RRULE:FREQ=WEEKLY;BYDAY=MO,WE;COUNT=5',
    'PRIORITY:4',
    'X-APPLE-SORT-ORDER:7',
    'GEO:48.1;11.5',
  );
  const asStored = task({
    due_date: '2030-11-30T23:00:00Z',
    priority: 3,
    repeat_after: 604_800,
    repeat_rule: 'FREQ=WEEKLY;BYDAY=MO,WE;COUNT=5',
  });
  const client = { ics: sent, timeZone: 'Europe/Berlin' };

  it('reads back exactly as sent while Ordo changed nothing', () => {
    expect(mergeClientObject(client, asStored)).toBe(sent);
  });

  it('shows what Ordo changed, keeping the rest and the form of dates', () => {
    const text = mergeClientObject(client, {
      ...asStored,
      title: 'Pay the rent',
      due_date: '2030-12-01T23:00:00Z',
      repeat_after: 86_400,
      repeat_rule: '',
    });
    expect(text).toContain('SUMMARY:Pay the rent');
    expect(text).toContain('DUE;VALUE=DATE:20301202');
    expect(text).toContain('RRULE:FREQ=DAILY;INTERVAL=1');
    expect(text).not.toContain('BYDAY');
    expect(text).toContain('PRIORITY:4');
    expect(text).toContain('X-APPLE-SORT-ORDER:7');
    expect(text).toContain('GEO:48.1;11.5');
    expect(text).toContain('DTSTAMP:20300102T100000Z');
  });

  it('keeps RELATED-TO naming a task Ordo does not know, and shows the relations it holds', () => {
    const related = todo('SUMMARY:Pay rent', 'RELATED-TO:not-here', 'RELATED-TO;RELTYPE=SIBLING:sib');
    const text = mergeClientObject(
      { ics: related, timeZone: 'UTC', known: (uid) => uid === 'p-1' },
      task({ title: 'Pay the rent', parents: ['p-1'] }),
    );
    expect(text).toContain('RELATED-TO:not-here');
    expect(text).toContain('RELATED-TO;RELTYPE=SIBLING:sib');
    expect(text).toContain('RELATED-TO;RELTYPE=PARENT:p-1');
    expect(mergeClientObject({ ics: related, timeZone: 'UTC', known: () => false }, task())).toBe(related);
  });

  it('serves a SEQUENCE one above the client’s once Ordo changed the task, and the client’s while not', () => {
    const numbered = todo('SUMMARY:Pay rent', 'SEQUENCE:4');
    expect(mergeClientObject({ ics: numbered, timeZone: 'UTC' }, task())).toBe(numbered);
    const changed = mergeClientObject({ ics: numbered, timeZone: 'UTC' }, task({ title: 'Pay the rent' }));
    expect(changed).toContain('SEQUENCE:5');
    expect(changed).not.toContain('SEQUENCE:4');
    // A client that sends none is at 0.
    expect(mergeClientObject(client, { ...asStored, title: 'Pay the rent' })).toContain('SEQUENCE:1');
  });

  it('serves the task’s count of revisions once it is above the client’s', () => {
    const numbered = todo('SUMMARY:Pay rent', 'DTSTAMP:20300101T000000Z', 'SEQUENCE:4');
    // The count the client's PUT left: its own text.
    expect(mergeClientObject({ ics: numbered, timeZone: 'UTC' }, task({ sequence: 4 }))).toBe(numbered);
    // Two changes in Ordo since.
    const changed = mergeClientObject(
      { ics: numbered, timeZone: 'UTC' },
      task({ title: 'Pay the rent', sequence: 6 }),
    );
    expect(changed).toContain('SEQUENCE:6');
    expect(changed).toContain('SUMMARY:Pay the rent');
    // A PUT that left the count above the client's (it sent the one it had read): only SEQUENCE differs.
    const raised = mergeClientObject({ ics: numbered, timeZone: 'UTC' }, task({ sequence: 5 }));
    expect(raised).toContain('SEQUENCE:5');
    expect(raised.replace('SEQUENCE:5', 'SEQUENCE:4').trim()).toBe(numbered);
  });

  it('writes a due date that is no longer midnight as a date-time', () => {
    const text = mergeClientObject(client, { ...asStored, due_date: '2030-12-01T10:00:00Z' });
    expect(text).toContain('DUE:20301201T100000Z');
  });
});

describe('alarms of a task a client wrote', () => {
  const alarm = (...lines: string[]) => ['BEGIN:VALARM', ...lines, 'END:VALARM'];
  const withAlarms = todo(
    'SUMMARY:Pay rent',
    'DUE:20300301T150000Z',
    ...alarm(
      'TRIGGER;RELATED=END:-PT15M',
      'ACTION:DISPLAY',
      'X-WR-ALARMUID:aaa-111',
      'ACKNOWLEDGED:20300301T144500Z',
    ),
    ...alarm(
      'TRIGGER;RELATED=END:-PT15M',
      'ACTION:EMAIL',
      'SUMMARY:Rent',
      'DESCRIPTION:Pay',
      'ATTENDEE:mailto:a@example.com',
    ),
    ...alarm('TRIGGER;RELATED=END:-PT1H', 'ACTION:AUDIO'),
  );
  const due = '2030-03-01T15:00:00Z';
  const reminder = (relative_period: number) => ({
    reminder: ZERO,
    relative_period,
    relative_to: 'due_date',
  });

  it('reads back as sent when two alarms at one moment are one reminder in Ordo', () => {
    const stored = task({ due_date: due, reminders: [reminder(-900), reminder(-3600)] });
    expect(mergeClientObject({ ics: withAlarms, timeZone: 'UTC' }, stored)).toBe(withAlarms);
  });

  it('keeps the client’s alarms whose reminder stays, and changes only the others', () => {
    const text = mergeClientObject(
      { ics: withAlarms, timeZone: 'UTC' },
      task({ due_date: due, reminders: [reminder(-900), reminder(-86_400)] }),
    ).replace(/\r\n[ \t]/g, '');
    for (const kept of [
      'X-WR-ALARMUID:aaa-111',
      'ACKNOWLEDGED:20300301T144500Z',
      'ACTION:EMAIL',
      'ATTENDEE:mailto:a@example.com',
    ])
      expect(text).toContain(kept);
    expect(text).not.toContain('ACTION:AUDIO');
    expect(text).toContain('TRIGGER;RELATED=END:-P1D');
    expect(text.match(/BEGIN:VALARM/g)).toHaveLength(3);
  });
});

describe('end dates', () => {
  it('are a DURATION only beside a start without a due date, never beside DUE, and read back', () => {
    const both = task({
      start_date: '2030-03-01T08:00:00Z',
      due_date: '2030-03-02T15:00:00Z',
      end_date: '2030-03-01T18:00:00Z',
    });
    const text = taskToICalendar(both);
    expect(text).not.toContain('DURATION');
    expect(text).not.toContain('DTEND');
    expect(text).toContain('X-ORDO-END-DATE;VALUE=DATE-TIME:20300301T180000Z');
    expect(readVtodo(text).end_date).toBe('2030-03-01T18:00:00Z');
    const alone = taskToICalendar(task({ end_date: '2030-03-01T18:00:00Z' }));
    expect(alone).not.toContain('DTEND');
    expect(readVtodo(alone).end_date).toBe('2030-03-01T18:00:00Z');
    // Other servers' and older clients' DTEND is still read.
    expect(readVtodo(todo('SUMMARY:x', 'DTEND:20300301T180000Z')).end_date).toBe('2030-03-01T18:00:00Z');
  });
});

describe('checking values at a PUT', () => {
  it('refuses a value ical.js cannot read and a date that is not one, naming the property', () => {
    for (const [line, name] of [
      ['CREATED:bogus', 'CREATED'],
      ['DUE:20301345T100000Z', 'DUE'],
      ['DUE;VALUE=DATE:20300230', 'DUE'],
      ['DTSTART:20300101T250000', 'DTSTART'],
      ['BEGIN:VALARM\r\nTRIGGER:soon\r\nACTION:DISPLAY\r\nEND:VALARM', 'TRIGGER'],
    ] as const) {
      try {
        readIn(todo('SUMMARY:x', line), 'UTC', { checkValues: true });
        expect.unreachable(line);
      } catch (error) {
        expect(error).toBeInstanceOf(InvalidCalendarError);
        expect((error as InvalidCalendarError).precondition).toBe('valid-calendar-data');
        expect((error as Error).message).toContain(name);
      }
    }
    const twoKinds = todo('SUMMARY:x').replace(
      'END:VCALENDAR',
      'BEGIN:VEVENT\r\nUID:e\r\nEND:VEVENT\r\nEND:VCALENDAR',
    );
    expect(() => readIn(twoKinds, 'UTC', { checkValues: true })).toThrow(/VEVENT/);
    const twoTasks = todo('SUMMARY:x').replace(
      'END:VCALENDAR',
      'BEGIN:VTODO\r\nUID:u-2\r\nEND:VTODO\r\nEND:VCALENDAR',
    );
    expect(() => readIn(twoTasks, 'UTC', { checkValues: true })).toThrow(/one UID/);
    const override = todo('SUMMARY:x').replace(
      'END:VCALENDAR',
      'BEGIN:VTODO\r\nUID:u-1\r\nRECURRENCE-ID:20300101T100000Z\r\nEND:VTODO\r\nEND:VCALENDAR',
    );
    expect(readIn(override, 'UTC', { checkValues: true }).title).toBe('x');
    expect(
      readIn(todo('SUMMARY:x', 'DUE;VALUE=DATE:20320229', 'DTSTAMP:20300101T235960Z'), 'UTC', {
        checkValues: true,
      }).due_date,
    ).toBe('2032-02-29T00:00:00Z');
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

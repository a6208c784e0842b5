import { describe, expect, it } from 'vitest';
import { exampleOfLayout, suggestCsvDateLayout } from './date-layout.js';
import { sniffCsvDelimiter, sniffCsvQuoteChar } from './delimiter.js';
import { CSV_TASK_FIELDS, csvHeaderOf, csvMappingProblem, suggestCsvMapping } from './fields.js';
import {
  CsvValueError,
  csvSafeCell,
  readCsvDate,
  readCsvDone,
  readCsvLabels,
  readCsvPercent,
  readCsvPriority,
  readCsvText,
} from './values.js';

describe('sniffCsvDelimiter', () => {
  it('finds comma, semicolon and tab', () => {
    expect(sniffCsvDelimiter('Title,Due\na,2024-01-01\n')).toBe(',');
    expect(sniffCsvDelimiter('Titel;Fällig;Notiz\nA;01.02.2024;x, y\n')).toBe(';');
    expect(sniffCsvDelimiter('Title\tDue\na\t2024\n')).toBe('\t');
  });
  it('skips delimiters inside quoted fields, line breaks included', () => {
    const text = 'Title;Description\n"a";"one, two,\nthree, four"\n"b";"c,d"\n';
    expect(sniffCsvDelimiter(text)).toBe(';');
  });
  it('finds the pipe, and skips delimiters inside single-quoted fields when told', () => {
    expect(sniffCsvDelimiter('Title|Due\na|2024\n')).toBe('|');
    expect(sniffCsvDelimiter("Title;Notes\n'a';'x, y, z'\n", "'")).toBe(';');
  });
  it('looks past title lines above the table', () => {
    expect(sniffCsvDelimiter('Garden plan 2026\n\nTitle;Due;Notes\nA;B;c, d\n')).toBe(';');
  });
  it('ignores a byte order mark and defaults to the comma', () => {
    expect(sniffCsvDelimiter('\uFEFFTitle;Due\r\nA;B\r\n')).toBe(';');
    expect(sniffCsvDelimiter('Title\nA\n')).toBe(',');
  });
});

describe('sniffCsvQuoteChar', () => {
  it('takes the single quote only where it opens fields', () => {
    expect(sniffCsvQuoteChar("Title,Notes\n'a','b, c'\n", ',')).toBe("'");
    expect(sniffCsvQuoteChar('Title,Notes\ndon\'t,it\'s fine\n"x",y\n', ',')).toBe('"');
    expect(sniffCsvQuoteChar('Title\nplain\n', ',')).toBe('"');
  });
});

describe('suggestCsvMapping', () => {
  it('maps English and German header names', () => {
    expect(
      suggestCsvMapping([
        'Titel',
        'Beschreibung',
        'Fällig',
        'Priorität',
        'Erledigt',
        'Labels',
        'Status',
        'Notes2',
      ]),
    ).toEqual(['title', 'description', 'due_date', 'priority', 'done', 'labels', 'bucket', 'ignore']);
    expect(suggestCsvMapping(['Task name', 'Due Date', 'Start', 'END', '% Done', 'Project'])).toEqual([
      'title',
      'due_date',
      'start_date',
      'end_date',
      'percent_done',
      'project',
    ]);
  });
  it('maps each field once, the leftmost column first', () => {
    expect(suggestCsvMapping(['Title', 'Name', 'Due', 'Deadline'])).toEqual([
      'title',
      'ignore',
      'due_date',
      'ignore',
    ]);
  });
  it("maps the export's own header row to every field", () => {
    expect(suggestCsvMapping(CSV_TASK_FIELDS.map(csvHeaderOf))).toEqual([...CSV_TASK_FIELDS]);
  });
});

describe('csvMappingProblem', () => {
  it('lets several columns fill the labels', () => {
    expect(csvMappingProblem(['title', 'labels', 'labels'])).toBeNull();
  });
  it('needs a title, known fields and each field once', () => {
    expect(csvMappingProblem(['title', 'ignore', 'ignore'])).toBeNull();
    expect(csvMappingProblem(['ignore', 'due_date'])).toMatch(/title/);
    expect(csvMappingProblem(['title', 'due_date', 'due_date'])).toMatch(/due_date.*more than one/);
    expect(csvMappingProblem(['title', 'owner'])).toMatch(/"owner" is not a task field/);
  });
});

describe('readCsvDate', () => {
  it('reads ISO dates with and without time and offset, whatever the layout', () => {
    expect(readCsvDate('2024-03-01T09:30:00Z', '02.01.2006', 'Europe/Berlin')).toBe('2024-03-01T09:30:00Z');
    expect(readCsvDate('2024-03-01T09:30:00+02:00', '2006-01-02', 'UTC')).toBe('2024-03-01T07:30:00Z');
    expect(readCsvDate('2024-03-01 09:30', '2006-01-02', 'Europe/Berlin')).toBe('2024-03-01T08:30:00Z');
    expect(readCsvDate('2024-07-01', '2006-01-02', 'Europe/Berlin')).toBe('2024-06-30T22:00:00Z');
    expect(readCsvDate('  ', '2006-01-02', 'UTC')).toBeNull();
  });
  it('reads by the Go layout chosen: day-first, month-first, names, times, offsets', () => {
    expect(readCsvDate('03/01/2024', '02/01/2006', 'UTC')).toBe('2024-01-03T00:00:00Z');
    expect(readCsvDate('03/01/2024', '01/02/2006', 'UTC')).toBe('2024-03-01T00:00:00Z');
    expect(readCsvDate('24.12.2024 18:00', '02.01.2006 15:04', 'UTC')).toBe('2024-12-24T18:00:00Z');
    // A column holding dates with and without a time reads by either.
    expect(readCsvDate('24.12.2024 18:00', '02.01.2006', 'UTC')).toBe('2024-12-24T18:00:00Z');
    expect(readCsvDate('24.12.2024', '02.01.2006 15:04', 'UTC')).toBe('2024-12-24T00:00:00Z');
    expect(readCsvDate('Mar 5, 2024', 'Jan 2, 2006', 'UTC')).toBe('2024-03-05T00:00:00Z');
    expect(readCsvDate('5 March 2024', '2 January 2006', 'UTC')).toBe('2024-03-05T00:00:00Z');
    expect(readCsvDate('2024/03/05', '2006/01/02', 'Europe/Berlin')).toBe('2024-03-04T23:00:00Z');
    expect(readCsvDate('Tue, 05 Mar 2024 10:00:00 +0100', 'Mon, 02 Jan 2006 15:04:05 -0700', 'UTC')).toBe(
      '2024-03-05T09:00:00Z',
    );
    expect(readCsvDate('03/05/2024 02:30 PM', '01/02/2006 03:04 PM', 'UTC')).toBe('2024-03-05T14:30:00Z');
  });
  it('refuses what is no date, naming the form', () => {
    expect(() => readCsvDate('31.02.2024', '02.01.2006', 'UTC')).toThrow(CsvValueError);
    expect(() => readCsvDate('31.02.2024', '02.01.2006', 'UTC')).toThrow(
      '"31.02.2024" is not a date of the form DD.MM.YYYY',
    );
    expect(() => readCsvDate('tomorrow', '2006-01-02', 'UTC')).toThrow(/YYYY-MM-DD/);
    expect(() => readCsvDate('03/01/2024', '2006-01-02', 'UTC')).toThrow(CsvValueError);
    expect(() => readCsvDate('13/25/2024', '01/02/2006', 'UTC')).toThrow(CsvValueError);
  });
});

describe('exampleOfLayout', () => {
  it('writes one date in each layout', () => {
    expect(exampleOfLayout('02.01.2006 15:04')).toBe('31.03.2026 14:05');
    expect(exampleOfLayout('01/02/2006')).toBe('03/31/2026');
    expect(exampleOfLayout('Jan 2, 2006')).toBe('Mar 31, 2026');
    expect(exampleOfLayout('Mon, 02 Jan 2006 15:04:05 -0700')).toBe('Tue, 31 Mar 2026 14:05:09 +0200');
  });
});

describe('suggestCsvDateLayout', () => {
  it('takes the first layout every date fits, and says when another reads them otherwise', () => {
    expect(suggestCsvDateLayout(['2024-01-02', ''])).toEqual({ layout: '2006-01-02', ambiguous: false });
    expect(suggestCsvDateLayout(['01/02/2024', '25/02/2024'])).toEqual({
      layout: '02/01/2006',
      ambiguous: false,
    });
    expect(suggestCsvDateLayout(['01/02/2024', '02/25/2024'])).toEqual({
      layout: '01/02/2006',
      ambiguous: false,
    });
    expect(suggestCsvDateLayout(['01.02.2024'])).toEqual({ layout: '02.01.2006', ambiguous: false });
    expect(suggestCsvDateLayout(['01/02/2024'])).toEqual({ layout: '02/01/2006', ambiguous: true });
    expect(suggestCsvDateLayout(['Jan 2, 2024'])).toEqual({ layout: 'Jan 2, 2006', ambiguous: false });
    expect(suggestCsvDateLayout(['24.12.2024 18:00', '25.12.2024'])).toEqual({
      layout: '02.01.2006',
      ambiguous: false,
    });
    expect(suggestCsvDateLayout([])).toEqual({ layout: '2006-01-02', ambiguous: false });
  });
});

describe('other values', () => {
  it('reads priorities as numbers and words', () => {
    expect(['', '0', '3', 'High', 'hoch', 'dringend', 'do now'].map(readCsvPriority)).toEqual([
      0, 0, 3, 3, 3, 4, 5,
    ]);
    expect(() => readCsvPriority('7')).toThrow(/not a priority/);
  });
  it('reads done as yes or no in English and German', () => {
    expect(['x', 'Yes', 'ja', 'TRUE', '1', 'Erledigt'].map(readCsvDone)).toEqual([
      true,
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['', 'no', 'Nein', 'false', '0'].map(readCsvDone)).toEqual([false, false, false, false, false]);
    expect(() => readCsvDone('maybe')).toThrow('"maybe" is neither yes nor no');
  });
  it('reads percentages', () => {
    expect(['', '50', '50 %', '12,5%', '100'].map(readCsvPercent)).toEqual([0, 0.5, 0.5, 0.13, 1]);
    expect(() => readCsvPercent('150')).toThrow(CsvValueError);
    expect(() => readCsvPercent('-5')).toThrow(CsvValueError);
  });
  it('splits labels', () => {
    expect(readCsvLabels(' work, home;work ,, ')).toEqual(['work', 'home']);
  });
  it('defuses formula cells and reads them back', () => {
    for (const text of ['=1+1', '+49 30', '-x', '@SUM(A1)']) {
      expect(csvSafeCell(text)).toBe(`'${text}`);
      expect(readCsvText(csvSafeCell(text))).toBe(text);
    }
    expect(csvSafeCell('plain')).toBe('plain');
    expect(readCsvText("'quoted")).toBe("'quoted");
  });
});

import { describe, expect, it } from 'vitest';
import type { ApiError } from '../../../http/api-error.js';
import { readCsvTable } from './read-csv.js';

describe('readCsvTable', () => {
  it('reads a semicolon file with a BOM, CRLF, blank rows and quoted line breaks, by line', () => {
    const text = '\uFEFFTitel;Notiz\r\n"a";"x\r\ny"\r\n\r\nb;c\r\n"d";"e\nf\ng"\nh;i';
    const table = readCsvTable(Buffer.from(text));
    expect(table.delimiter).toBe(';');
    expect(table.header).toEqual(['Titel', 'Notiz']);
    expect(table.rows).toEqual([
      { line: 2, cells: ['a', 'x\ny'] },
      { line: 5, cells: ['b', 'c'] },
      { line: 6, cells: ['d', 'e\nf\ng'] },
      { line: 9, cells: ['h', 'i'] },
    ]);
  });

  it('refuses an unclosed quote, text that is not UTF-8 and an empty file', () => {
    const code = (bytes: Buffer) => {
      try {
        readCsvTable(bytes);
      } catch (error) {
        return (error as ApiError).code;
      }
      return 0;
    };
    expect(code(Buffer.from('Title,Desc\na,"unclosed\nb,c\n'))).toBe(14003);
    expect(code(Buffer.from([0x54, 0x69, 0x74, 0x6c, 0x65, 0x0a, 0xe4, 0x0a]))).toBe(14003);
    expect(code(Buffer.from('\uFEFF\n \n'))).toBe(14002);
  });
});

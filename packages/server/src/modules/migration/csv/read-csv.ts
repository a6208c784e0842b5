/**
 * Reads a generic CSV file: UTF-8 with or without a byte order mark; the delimiter (comma,
 * semicolon, tab, pipe) and quote character (" or ') as given, else as sniffed; quoted fields may
 * hold line breaks. `skipRows` lines at the top (a title or notes above the table) are passed
 * over; the next row is the header. Answers the header row and every following row with the line
 * of the file it starts on, so errors can name it. Blank rows are skipped.
 * Not UTF-8, or not CSV (an unclosed quote, …) → 14003; nothing but blank lines → 14002.
 */
import { type CsvDelimiter, type CsvQuoteChar, sniffCsvDelimiter, sniffCsvQuoteChar } from '@ordo/core';
import { parse } from 'csv-parse/sync';
import { fail } from '../../../http/api-error.js';

export interface CsvRow {
  /** The file's line (from 1) the row starts on. */
  line: number;
  cells: string[];
}

export interface CsvTable {
  delimiter: CsvDelimiter;
  quoteChar: CsvQuoteChar;
  header: string[];
  rows: CsvRow[];
}

interface ParsedRecord {
  record: string[];
  raw: string;
}

export interface CsvReadOptions {
  delimiter?: CsvDelimiter;
  quoteChar?: CsvQuoteChar;
  skipRows?: number;
}

export function readCsvTable(bytes: Buffer, options: CsvReadOptions = {}): CsvTable {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    throw fail('importNotACsvFile', [], { reason: 'The file is not UTF-8 text.' });
  }
  if (text.trim() === '') throw fail('importFileIsEmpty');
  // Line breaks become \n everywhere (inside quoted fields too), so each record's raw text tells
  // how many lines it spans.
  const skipRows = options.skipRows ?? 0;
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const lf = lines.slice(skipRows).join('\n');
  if (lf.trim() === '') throw fail('importFileIsEmpty');
  const quoteChar = options.quoteChar ?? sniffCsvQuoteChar(lf, options.delimiter ?? sniffCsvDelimiter(lf));
  const delimiter = options.delimiter ?? sniffCsvDelimiter(lf, quoteChar);
  let records: ParsedRecord[];
  try {
    records = parse(lf, {
      delimiter,
      quote: quoteChar,
      record_delimiter: '\n',
      relax_column_count: true,
      raw: true,
    }) as unknown as ParsedRecord[];
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    throw fail('importNotACsvFile', [], {
      reason: (error as Error).message,
      ...(line ? { line: line + skipRows } : {}),
    });
  }
  const rows: CsvRow[] = [];
  let line = 1 + skipRows;
  for (const { record, raw } of records) {
    if (record.some((cell) => cell.trim() !== '')) rows.push({ line, cells: record });
    line += raw.split('\n').length - 1;
  }
  const [header, ...body] = rows;
  if (!header) throw fail('importFileIsEmpty');
  return { delimiter, quoteChar, header: header.cells.map((h) => h.trim()), rows: body };
}

/**
 * Which delimiter a CSV file uses: comma, semicolon (what spreadsheets write where the comma is
 * the decimal mark, as in German), tab or pipe, the four Vikunja's CSV import offers. Counts each
 * candidate outside quoted fields on the first lines; the one found on every line the same number
 * of times wins, then the most frequent.
 */
export type CsvDelimiter = ',' | ';' | '\t' | '|';

export const CSV_DELIMITERS: readonly CsvDelimiter[] = [',', ';', '\t', '|'];
const CANDIDATES = CSV_DELIMITERS;

/** The quote characters a file may use around fields: the double quote, or the single one. */
export type CsvQuoteChar = '"' | "'";
export const CSV_QUOTE_CHARS: readonly CsvQuoteChar[] = ['"', "'"];

/**
 * Whether fields are quoted with ' rather than ": only when a ' opens a field (after a delimiter
 * or at a line's start) more often than a " does. Vikunja counts every ' in the file, so a file
 * with apostrophes in its text (don't, it's) and no quotes is read with ' as the quote, and its
 * fields run together; a field has to start with the quote to be quoted.
 */
export function sniffCsvQuoteChar(text: string, delimiter: CsvDelimiter): CsvQuoteChar {
  const opening = (quote: string) => {
    const escaped = delimiter === '|' ? '\\|' : delimiter === '\t' ? '\\t' : delimiter;
    return (text.match(new RegExp(`(?:^|[\\n${escaped}])${quote}`, 'g')) ?? []).length;
  };
  return opening("'") > opening('"') ? "'" : '"';
}
const LINES_LOOKED_AT = 20;

/** Counts of each candidate per record, quoted fields (with their line breaks) skipped. */
function countsPerRecord(text: string, quote: string): Map<CsvDelimiter, number>[] {
  const records: Map<CsvDelimiter, number>[] = [];
  let current = new Map<CsvDelimiter, number>();
  let quoted = false;
  let empty = true;
  for (let i = 0; i < text.length && records.length < LINES_LOOKED_AT; i++) {
    const ch = text[i] as string;
    if (ch === quote) {
      quoted = !quoted;
      empty = false;
    } else if (!quoted && (ch === '\n' || ch === '\r')) {
      if (!empty) records.push(current);
      current = new Map();
      empty = true;
    } else if (!quoted) {
      empty = false;
      if ((CANDIDATES as readonly string[]).includes(ch)) {
        const d = ch as CsvDelimiter;
        current.set(d, (current.get(d) ?? 0) + 1);
      }
    }
  }
  if (!empty && records.length < LINES_LOOKED_AT) records.push(current);
  return records;
}

export function sniffCsvDelimiter(text: string, quote: CsvQuoteChar = '"'): CsvDelimiter {
  const all = countsPerRecord(text.replace(/^\uFEFF/, ''), quote);
  // Lines with no candidate at all at the top (a title above the table) tell nothing; the table
  // starts at the first line that has one.
  const records = all.slice(
    Math.max(
      0,
      all.findIndex((r) => r.size > 0),
    ),
  );
  let best: CsvDelimiter = ',';
  let bestScore = -1;
  for (const candidate of CANDIDATES) {
    const counts = records.map((r) => r.get(candidate) ?? 0);
    const first = counts[0] ?? 0;
    if (first === 0) continue;
    const steady = counts.every((c) => c === first);
    const total = counts.reduce((a, b) => a + b, 0);
    const score = (steady ? 1_000_000 : 0) + total;
    if (score > bestScore) {
      best = candidate;
      bestScore = score;
    }
  }
  return best;
}

/**
 * Reading a JSON export field by field (Trello's board, WeKan's board): each field is checked for
 * its type before anything is written. Invalid JSON is refused with its line and column, a field
 * of the wrong type with its path (`cards[3].name`), both as 30059 (importInvalidFile).
 */
import { fail } from '../../http/api-error.js';

export type Json = Record<string, unknown>;

export function invalid(path: string, reason: string) {
  return fail('importInvalidFile', [`${path} ${reason}`], { field: path });
}

export function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads a field of the expected type; a missing optional field takes `fallback`. */
export function text(o: Json, key: string, path: string, fallback?: string): string {
  const value = o[key];
  if ((value === undefined || value === null) && fallback !== undefined) return fallback;
  if (typeof value !== 'string') throw invalid(`${path}.${key}`, 'must be text');
  return value;
}

export function bool(o: Json, key: string, path: string): boolean {
  const value = o[key];
  if (value === undefined || value === null) return false;
  if (typeof value !== 'boolean') throw invalid(`${path}.${key}`, 'must be true or false');
  return value;
}

export function num(o: Json, key: string, path: string): number {
  const value = o[key];
  if (value === undefined || value === null) return 0;
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) throw invalid(`${path}.${key}`, 'must be a number');
  return n;
}

export function date(o: Json, key: string, path: string): string | null {
  const value = text(o, key, path, '');
  if (value === '') return null;
  if (Number.isNaN(Date.parse(value))) throw invalid(`${path}.${key}`, `must be a date, not "${value}"`);
  return value;
}

export function list(o: Json, key: string, path: string, required = false): Json[] {
  const value = o[key];
  if ((value === undefined || value === null) && !required) return [];
  const where = path ? `${path}.${key}` : key;
  if (!Array.isArray(value)) throw invalid(where, required ? 'is missing or not a list' : 'must be a list');
  return value.map((item, i) => {
    if (!isObject(item)) throw invalid(`${where}[${i}]`, 'must be an object');
    return item;
  });
}

/** JSON.parse's complaint with the line and column of the offending character. */
export function parseJson(source: string): unknown {
  try {
    return JSON.parse(source);
  } catch (error) {
    const message = (error as Error).message;
    const at = /position (\d+)/.exec(message);
    const lineColumn = /line (\d+) column (\d+)/.exec(message);
    let where = '';
    if (lineColumn) where = `line ${lineColumn[1]}, column ${lineColumn[2]}`;
    else if (at) {
      const before = source.slice(0, Number(at[1])).split('\n');
      where = `line ${before.length}, column ${(before.at(-1)?.length ?? 0) + 1}`;
    } else where = `line ${source.split('\n').length} (the file ends too early)`;
    throw fail('importInvalidFile', [`the JSON is malformed at ${where}`]);
  }
}

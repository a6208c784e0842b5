import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { lowerAsPostgres, registerLowerCase } from './lower-case.js';

describe('lowerAsPostgres', () => {
  it('lowers every letter, not only ASCII', () => {
    expect(lowerAsPostgres('ÄRGER im Büro')).toBe('ärger im büro');
    expect(lowerAsPostgres('ΑΘΗΝΑ ŁÓDŹ ẞ')).toBe('αθηνα łódź ß');
  });

  it('maps one character to one, as PostgreSQL does', () => {
    // JavaScript alone gives 'i̇' (two code points) and a final 'ς'.
    expect(lowerAsPostgres('İSTANBUL')).toBe('istanbul');
    expect(lowerAsPostgres('ΟΔΟΣ')).toBe('οδοσ');
    // An 'ς' written as such stays one.
    expect(lowerAsPostgres('οδος')).toBe('οδος');
  });
});

describe('ordo_lower on SQLite', () => {
  let sqlite: SQLite.Database;
  beforeEach(() => {
    sqlite = new SQLite(':memory:');
    registerLowerCase(sqlite);
  });
  afterEach(() => sqlite.close());

  it('makes LIKE ignore the case of every letter, where lower() folds ASCII only', () => {
    const like = (lower: string) =>
      sqlite.prepare(`SELECT ${lower}('Ärger im Büro') LIKE ${lower}(?) AS hit`).pluck().get('%ärger%');
    expect(like('lower')).toBe(0);
    expect(like('ordo_lower')).toBe(1);
  });

  it('leaves NULL and numbers as they are', () => {
    expect(sqlite.prepare('SELECT ordo_lower(NULL)').pluck().get()).toBeNull();
    expect(sqlite.prepare("SELECT ordo_lower(12) LIKE '1%'").pluck().get()).toBe(1);
  });

  it('is refused in the schema, which other connections must be able to read', () => {
    sqlite.exec('CREATE TABLE t (title TEXT)');
    expect(() => sqlite.exec('CREATE INDEX t_lower ON t (ordo_lower(title))')).toThrow(/ordo_lower/);
  });
});

import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '../../projects/memory-storage.test-helper';
import {
  columnsStorageKey,
  defaultColumns,
  fieldColumnShown,
  nextSort,
  readColumns,
  saveColumns,
} from './table-columns';

describe('table columns', () => {
  it('start with the default columns', () => {
    const shown = readColumns(7, new MemoryStorage());
    expect(shown.title).toBe(true);
    expect(shown.startDate).toBe(false);
  });

  it('are kept per view', () => {
    const storage = new MemoryStorage();
    saveColumns(7, { ...defaultColumns(), startDate: true, labels: false }, storage);
    expect(readColumns(7, storage).startDate).toBe(true);
    expect(readColumns(7, storage).labels).toBe(false);
    expect(readColumns(8, storage).startDate).toBe(false);
  });

  it('ignore unreadable or foreign stored values', () => {
    const storage = new MemoryStorage();
    storage.setItem(columnsStorageKey(7), '{"title":"no","bogus":true}');
    expect(readColumns(7, storage).title).toBe(true);
    storage.setItem(columnsStorageKey(7), 'not json');
    expect(readColumns(7, storage)).toEqual(defaultColumns());
  });
});

describe('custom field columns', () => {
  it('are shown until turned off, and the choice is kept per view', () => {
    const storage = new MemoryStorage();
    expect(fieldColumnShown(readColumns(7, storage), 12)).toBe(true);
    saveColumns(7, { ...readColumns(7, storage), field_12: false }, storage);
    expect(fieldColumnShown(readColumns(7, storage), 12)).toBe(false);
    expect(fieldColumnShown(readColumns(7, storage), 13)).toBe(true);
    expect(fieldColumnShown(readColumns(8, storage), 12)).toBe(true);
  });

  it('ignore stored keys that are not a field column', () => {
    const storage = new MemoryStorage();
    storage.setItem(columnsStorageKey(7), '{"field_x":false,"field_3":"no"}');
    expect(readColumns(7, storage)).toEqual(defaultColumns());
  });
});

describe('table sort', () => {
  it('sorts a new column ascending and flips the current one', () => {
    expect(nextSort({ field: 'index', order: 'desc' }, 'title')).toEqual({ field: 'title', order: 'asc' });
    expect(nextSort({ field: 'title', order: 'asc' }, 'title')).toEqual({ field: 'title', order: 'desc' });
    expect(nextSort({ field: 'title', order: 'desc' }, 'title')).toEqual({ field: 'title', order: 'asc' });
  });
});

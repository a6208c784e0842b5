import { beforeEach, describe, expect, it } from 'vitest';
import { MemoryStorage } from './memory-storage.test-helper';
import {
  PROJECT_HISTORY_KEY,
  readProjectHistory,
  removeProjectFromHistory,
  saveProjectToHistory,
} from './recent-projects';

describe('recent project history', () => {
  let storage: MemoryStorage;
  beforeEach(() => {
    storage = new MemoryStorage();
  });

  it('stores the first save', () => {
    saveProjectToHistory(1, storage);
    expect(storage.getItem(PROJECT_HISTORY_KEY)).toBe('[{"id":1}]');
  });

  it('keeps the six most recent, newest first', () => {
    for (let id = 1; id <= 7; id++) saveProjectToHistory(id, storage);
    expect(storage.getItem(PROJECT_HISTORY_KEY)).toBe(
      '[{"id":7},{"id":6},{"id":5},{"id":4},{"id":3},{"id":2}]',
    );
  });

  it('moves a saved project to the front without duplicates', () => {
    saveProjectToHistory(1, storage);
    saveProjectToHistory(2, storage);
    saveProjectToHistory(1, storage);
    expect(storage.getItem(PROJECT_HISTORY_KEY)).toBe('[{"id":1},{"id":2}]');
    saveProjectToHistory(1, storage);
    expect(readProjectHistory(storage)).toEqual([1, 2]);
  });

  it('removes the key when the last entry goes', () => {
    saveProjectToHistory(1, storage);
    removeProjectFromHistory(1, storage);
    expect(storage.getItem(PROJECT_HISTORY_KEY)).toBeNull();
  });

  it('reads a stored list and treats nothing or garbage as empty', () => {
    storage.setItem(PROJECT_HISTORY_KEY, '[{"id":1},{"id":2}]');
    expect(readProjectHistory(storage)).toEqual([1, 2]);
    storage.setItem(PROJECT_HISTORY_KEY, 'nope');
    expect(readProjectHistory(storage)).toEqual([]);
    storage.removeItem(PROJECT_HISTORY_KEY);
    expect(readProjectHistory(storage)).toEqual([]);
  });
});

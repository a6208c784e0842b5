import { beforeEach, describe, expect, it } from 'vitest';
import { clearLastVisited, peekLastVisited, saveLastVisited } from './last-visited';

class MemoryStorage {
  private items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

describe('last visited route', () => {
  beforeEach(() => {
    (globalThis as { localStorage?: unknown }).localStorage = new MemoryStorage();
  });

  it('remembers a path until cleared', () => {
    saveLastVisited('/user/settings/general?tab=1#x');
    expect(peekLastVisited()).toBe('/user/settings/general?tab=1#x');
    clearLastVisited();
    expect(peekLastVisited()).toBeNull();
  });

  it('refuses anything that would leave the site', () => {
    saveLastVisited('//evil.example/path');
    expect(peekLastVisited()).toBeNull();
    localStorage.setItem('lastVisited', JSON.stringify({ path: 'https://evil.example' }));
    expect(peekLastVisited()).toBeNull();
    localStorage.setItem('lastVisited', 'not json');
    expect(peekLastVisited()).toBeNull();
  });
});

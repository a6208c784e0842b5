import { describe, expect, it } from 'vitest';
import { english as en } from '../../i18n/english';
import { djb2, greetingBucket, greetingKey } from './greeting';

const adaCreated = Date.UTC(2024, 0, 15, 10, 0, 0);

function english(key: string | null, name: string): string | null {
  if (!key) return null;
  const template = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en);
  return String(template).replace('{{name}}', name);
}

describe('greeting', () => {
  it('hashes with djb2 as documented', () => {
    expect(djb2('')).toBe(5381);
    expect(djb2('hello')).toBe(261238937);
    expect(djb2('foo')).toBe(193491849);
    expect(djb2('bar')).toBe(193487034);
    expect(djb2('2026-4-6_morning_1705312800000')).toBe(384322902);
  });

  it('buckets the hours', () => {
    const buckets = Array.from({ length: 24 }, (_, h) => greetingBucket(h));
    expect(buckets.slice(0, 5)).toEqual(Array(5).fill('night'));
    expect(buckets.slice(5, 11)).toEqual(Array(6).fill('morning'));
    expect(buckets.slice(11, 18)).toEqual(Array(7).fill('day'));
    expect(buckets.slice(18, 23)).toEqual(Array(5).fill('evening'));
    expect(buckets[23]).toBe('night');
  });

  it.each([
    [new Date(2026, 3, 6, 9), 'Welcome back, Ada'],
    [new Date(2026, 3, 6, 14), "What's next, Ada?"],
    [new Date(2026, 3, 6, 20), 'Good Evening Ada!'],
    [new Date(2026, 3, 6, 2), 'Good Night Ada!'],
    [new Date(2026, 3, 6, 23), 'Good Night Ada!'],
    [new Date(2026, 3, 3, 9), 'Welcome back, Ada'],
    [new Date(2026, 3, 7, 9), 'Fresh start, Ada'],
    [new Date(2026, 3, 10, 9), 'Rise and plan, Ada'],
    [new Date(2026, 3, 17, 9), 'Hey Ada, ready to go?'],
  ])('greets Ada at %s with "%s"', (now, expected) => {
    expect(english(greetingKey(now, 'Ada', adaCreated), 'Ada')).toBe(expected);
  });

  it('says nothing without a display name', () => {
    expect(greetingKey(new Date(2026, 3, 6, 9), '', adaCreated)).toBeNull();
  });

  it('uses the weekday extra as the seventh morning entry', () => {
    // Search a day whose morning hash lands on index 6 and check the key names its weekday.
    for (let day = 1; day <= 60; day++) {
      const now = new Date(2026, 0, day, 8);
      const key = greetingKey(now, 'Ada', adaCreated);
      if (key?.includes('weekday')) {
        expect(key).toBe(`home.greeting.weekday.${now.getDay()}`);
        return;
      }
    }
    throw new Error('no morning with the weekday extra in 60 days');
  });
});

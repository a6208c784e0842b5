import { describe, expect, it } from 'vitest';
import { parseQueryString } from './query-string.js';

describe('parseQueryString', () => {
  it('reads plain keys and decodes values', () => {
    expect({ ...parseQueryString('s=John%20D%27Urso&page=2') }).toEqual({ s: "John D'Urso", page: '2' });
  });

  it('treats PHP-style array keys as the plain key', () => {
    expect({ ...parseQueryString('sort_by[]=due_date&order_by[]=asc') }).toEqual({
      sort_by: 'due_date',
      order_by: 'asc',
    });
    expect({ ...parseQueryString('sort_by%5B%5D=due_date') }).toEqual({ sort_by: 'due_date' });
  });

  it('collects repeated keys into arrays, whichever spelling they use', () => {
    expect({ ...parseQueryString('sort_by[]=due_date&sort_by[]=id') }).toEqual({
      sort_by: ['due_date', 'id'],
    });
    expect({ ...parseQueryString('s=a&s[]=b&s=c') }).toEqual({ s: ['a', 'b', 'c'] });
  });

  it('keeps "__proto__" as data', () => {
    const query = parseQueryString('__proto__=x&constructor=y');
    // The own data property named __proto__, not the accessor: the parser must keep it as data.
    expect(Object.getOwnPropertyDescriptor(query, '__proto__')?.value).toBe('x');
    expect(Object.getPrototypeOf(query)).toBeNull();
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });

  it('answers an empty object for an empty query', () => {
    expect({ ...parseQueryString('') }).toEqual({});
  });
});

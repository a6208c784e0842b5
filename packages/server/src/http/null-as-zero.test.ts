import { Type } from '@sinclair/typebox';
import { describe, expect, it } from 'vitest';
import { nullsToZeroValues } from './null-as-zero.js';

const Body = Type.Object({
  count: Type.Optional(Type.Integer()),
  ratio: Type.Optional(Type.Number()),
  name: Type.Optional(Type.String()),
  done: Type.Optional(Type.Boolean()),
  ids: Type.Optional(Type.Array(Type.Integer())),
  due: Type.Optional(Type.Unsafe<string | null>({ type: ['string', 'null'] })),
  list: Type.Optional(Type.Union([Type.Array(Type.Object({ id: Type.Integer() })), Type.Null()])),
  nested: Type.Optional(Type.Object({ id: Type.Integer(), label: Type.Optional(Type.String()) })),
  anything: Type.Optional(Type.Unknown()),
});

function normalised(data: Record<string, unknown>) {
  nullsToZeroValues(Body, data);
  return data;
}

describe('nullsToZeroValues', () => {
  it('turns a null number, string, bool or list into its zero value', () => {
    expect(normalised({ count: null, ratio: null, name: null, done: null, ids: null })).toEqual({
      count: 0,
      ratio: 0,
      name: '',
      done: false,
      ids: [],
    });
  });

  it('keeps null where the schema takes it (a date that null clears, a nullable list, any value)', () => {
    expect(normalised({ due: null, list: null, anything: null })).toEqual({
      due: null,
      list: null,
      anything: null,
    });
  });

  it('reads a null object as not sent, and walks into objects and list items', () => {
    expect(normalised({ nested: null })).toEqual({});
    expect(normalised({ nested: { id: null, label: null }, list: [{ id: null }] })).toEqual({
      nested: { id: 0, label: '' },
      list: [{ id: 0 }],
    });
  });

  it('leaves unknown keys, other values and non-objects alone', () => {
    expect(normalised({ extra: null, count: 3, name: 'x' })).toEqual({ extra: null, count: 3, name: 'x' });
    expect(() => nullsToZeroValues(Body, null)).not.toThrow();
    expect(() => nullsToZeroValues(Body, 'text')).not.toThrow();
  });
});

/**
 * Arbitrary values for request fields: text (unicode, long, look-alikes of ids and dates), numbers
 * (huge, negative, fractional), dates (valid, out of range, malformed), colours, and values of the
 * wrong type.
 */
import fc from 'fast-check';

/** Text the way people and attackers type it. */
export const text: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 200, maxLength: 3000 }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '',
      ' ',
      'password123',
      '👍',
      '<script>alert(1)</script>',
      "'; DROP TABLE tasks; --",
      '%',
      '_',
      '\\',
      '../../etc/passwd',
      '\ud800',
      '\uffff',
      'null',
      'true',
      '1e400',
      '-0',
      'NaN',
      '9223372036854775808',
      '2026-02-30',
      'now+1d',
      '#ffffff',
      'nul\u0000inside',
    ),
  },
);

export const hugeNumber: fc.Arbitrary<number> = fc.constantFrom(
  2 ** 31 - 1,
  2 ** 31,
  2 ** 32,
  -(2 ** 31) - 1,
  2 ** 53,
  2 ** 63,
  -(2 ** 63),
  Number.MAX_SAFE_INTEGER,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  Number.MIN_VALUE,
  1e21,
  -1,
  0,
  -0,
  0.5,
  1.5,
);

export const integer: fc.Arbitrary<number> = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: -5, max: 20 }) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 2, arbitrary: hugeNumber },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
);

export const date: fc.Arbitrary<string | number> = fc.oneof(
  fc
    .date({
      min: new Date('1900-01-01T00:00:00Z'),
      max: new Date('2200-01-01T00:00:00Z'),
      noInvalidDate: true,
    })
    .map((d) => d.toISOString()),
  fc.constantFrom(
    '0001-01-01T00:00:00Z',
    '0000-01-01T00:00:00Z',
    '9999-12-31T23:59:59Z',
    '+275760-09-13T00:00:00.000Z',
    '-000001-01-01T00:00:00.000Z',
    '+010000-01-01T00:00:00.000Z',
    '2026-02-30T00:00:00Z',
    '2026-13-01T00:00:00Z',
    '2026-04-15',
    '2026-04-15T10:00:00+14:00',
    '2026-04-15T10:00:00-23:59',
    '2026-04-15T25:61:61Z',
    '2026-04-15 10:00:00',
    '1970-01-01T00:00:00Z',
    'now',
    'not a date',
    '',
    '1700000000000',
  ),
  hugeNumber,
);

export const colour: fc.Arbitrary<string> = fc.oneof(
  fc.stringMatching(/^#?[0-9a-fA-F]{6}$/),
  fc.constantFrom('', 'red', '#fff', 'e8e8e8', 'zzzzzz', '#12345678', 'ffffff00'),
);

/** Any JSON value, including the wrong type for a field. */
export const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
  { weight: 1, arbitrary: fc.constantFrom(null, true, false, {}, [], '', [null], { id: 1 }) },
  { weight: 1, arbitrary: hugeNumber },
  { weight: 1, arbitrary: text },
);

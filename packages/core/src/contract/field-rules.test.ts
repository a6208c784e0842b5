import { describe, expect, it } from 'vitest';
import {
  hexColorForApi,
  isReservedUsername,
  isTimeZone,
  passwordLengthProblem,
  timeZoneNames,
  titleProblem,
  usernameProblem,
  utf8ByteLength,
} from './field-rules.js';

describe('passwords', () => {
  it('counts UTF-8 bytes, as bcrypt reads them', () => {
    expect(utf8ByteLength('abc')).toBe(3);
    expect(utf8ByteLength('é')).toBe(2);
    expect(utf8ByteLength('€')).toBe(3);
    expect(utf8ByteLength('😀')).toBe(4);
    expect(utf8ByteLength('a😀é€')).toBe(new TextEncoder().encode('a😀é€').length);
  });

  it('takes 8 to 72 bytes', () => {
    expect(passwordLengthProblem('1234567')).toBe('tooShort');
    expect(passwordLengthProblem('12345678')).toBeNull();
    expect(passwordLengthProblem('x'.repeat(72))).toBeNull();
    expect(passwordLengthProblem('x'.repeat(73))).toBe('tooLong');
    // Two emoji are eight bytes; 25 three-byte characters are 75 bytes, beyond what bcrypt reads.
    expect(passwordLengthProblem('😀😀')).toBeNull();
    expect(passwordLengthProblem('€'.repeat(25))).toBe('tooLong');
  });
});

describe('usernames', () => {
  it('reports problems in the order the server answers them', () => {
    expect(usernameProblem('ada lovelace')).toBe('spaces');
    expect(usernameProblem('link-share-3')).toBe('reserved');
    expect(usernameProblem('bot-helper')).toBe('reserved');
    expect(usernameProblem('ab')).toBe('length');
    expect(usernameProblem('a'.repeat(251))).toBe('length');
    expect(usernameProblem('ada,lovelace')).toBe('comma');
    expect(usernameProblem('https://evil')).toBe('url');
    expect(usernameProblem('ada.example')).toBe('url');
    expect(usernameProblem('www.foo.org')).toBe('url');
    expect(usernameProblem('shop.example.com/cart')).toBe('url');
    expect(usernameProblem('localhost.localdomain:8080')).toBe('url');
  });

  it('takes ordinary names, counting characters', () => {
    expect(usernameProblem('ada_lovelace')).toBeNull();
    expect(usernameProblem('a.b.c')).toBeNull();
    expect(usernameProblem('v1.2.3')).toBeNull();
    expect(usernameProblem('😀😀😀')).toBeNull();
    expect(isReservedUsername('link-share-x')).toBe(false);
  });
});

describe('time zones', () => {
  it('knows IANA names and UTC', () => {
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('Europe/Berlin')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('')).toBe(false);
  });

  it('lists UTC among the names', () => {
    const names = timeZoneNames();
    expect(names).toContain('UTC');
    expect(names).toContain('America/New_York');
  });
});

describe('other fields', () => {
  it('stores colours trimmed, without # and at most six characters', () => {
    expect(hexColorForApi(' #ff8800 ')).toBe('ff8800');
    expect(hexColorForApi('#ffffff80')).toBe('ffffff');
    expect(hexColorForApi(null)).toBe('');
  });

  it('takes titles of 1 to 250 characters', () => {
    expect(titleProblem('')).toBe('empty');
    expect(titleProblem('😀'.repeat(250))).toBeNull();
    expect(titleProblem('a'.repeat(251))).toBe('tooLong');
  });
});

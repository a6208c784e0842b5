import { describe, expect, it } from 'vitest';
import { providerUsername, usernameCandidates } from './username.js';

describe('providerUsername', () => {
  it('takes preferred_username, else the local part of the e-mail address', () => {
    expect(providerUsername('ada', 'lovelace@example.com')).toBe('ada');
    expect(providerUsername('', 'ada.lovelace@example.com')).toBe('ada.lovelace');
    expect(providerUsername('   ', 'weird@local@example.com')).toBe('weird@local');
  });

  it('turns whitespace, commas and control characters into dashes', () => {
    expect(providerUsername('Ada Lovelace', '')).toBe('Ada-Lovelace');
    expect(providerUsername('a,b\tc\u0007d', '')).toBe('a-b-c-d');
    expect(providerUsername(' , ', 'x@example.com')).toBe('user');
  });

  it('keeps clear of reserved names', () => {
    expect(providerUsername('bot-helper', '')).toBe('user-bot-helper');
    expect(providerUsername('link-share-12', '')).toBe('user-link-share-12');
  });

  it('stays within 250 characters, counting characters rather than bytes', () => {
    const name = providerUsername('é'.repeat(300), '');
    expect([...name]).toHaveLength(250);
  });
});

describe('usernameCandidates', () => {
  it('appends 2, 3, … and keeps each candidate within the limit', () => {
    const short = usernameCandidates('ada');
    expect([short.next().value, short.next().value, short.next().value]).toEqual(['ada', 'ada2', 'ada3']);
    const long = usernameCandidates('x'.repeat(250));
    long.next();
    const second = long.next().value as string;
    expect(second).toHaveLength(250);
    expect(second.endsWith('x2')).toBe(true);
  });
});

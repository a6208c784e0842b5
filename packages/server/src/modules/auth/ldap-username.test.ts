import { describe, expect, it } from 'vitest';
import { directoryUsername, usernameCandidates } from './ldap-username.js';

describe('directoryUsername', () => {
  it("takes the entry's username attribute as it is", () => {
    expect(directoryUsername('alice', 'ALICE')).toBe('alice');
    expect(directoryUsername('john.doe', 'john.doe')).toBe('john.doe');
  });

  it('falls back to the login name when the entry has no username attribute', () => {
    expect(directoryUsername('', ' carol ')).toBe('carol');
  });

  it('turns whitespace and commas into dashes', () => {
    expect(directoryUsername('  Anna  Maria ', 'x')).toBe('Anna-Maria');
    expect(directoryUsername('doe, jane', 'x')).toBe('doe-jane');
  });

  it('moves reserved names out of the way', () => {
    expect(directoryUsername('bot-max', 'x')).toBe('ldap-bot-max');
    expect(directoryUsername('link-share-7', 'x')).toBe('ldap-link-share-7');
  });

  it('keeps at most 250 characters', () => {
    expect([...directoryUsername('ü'.repeat(300), 'x')]).toHaveLength(250);
  });
});

describe('usernameCandidates', () => {
  it('offers the name, then the name with 2, 3, … appended', () => {
    const names = usernameCandidates('alice');
    expect([names.next().value, names.next().value, names.next().value]).toEqual([
      'alice',
      'alice2',
      'alice3',
    ]);
  });

  it('shortens a long name so the number still fits in 250 characters', () => {
    const names = usernameCandidates('a'.repeat(250));
    names.next();
    const second = names.next().value as string;
    expect(second).toHaveLength(250);
    expect(second.endsWith('a2')).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';
import { trivialPasswordReason } from './trivial-password.js';

describe('trivialPasswordReason', () => {
  const owner = { username: 'Case1048', email: 'Ada.Lovelace@example.org' };

  it('refuses the username, the address and its local part, ignoring case', () => {
    expect(trivialPasswordReason('case1048', owner)).toBe('matches-account');
    expect(trivialPasswordReason('ada.lovelace@EXAMPLE.org', owner)).toBe('matches-account');
    expect(trivialPasswordReason('ADA.LOVELACE', owner)).toBe('matches-account');
  });

  it('refuses one character repeated', () => {
    expect(trivialPasswordReason('aaaaaaaa')).toBe('repeated-character');
    expect(trivialPasswordReason('ÄÄÄÄÄÄÄÄ')).toBe('repeated-character');
  });

  it('refuses runs up and down', () => {
    expect(trivialPasswordReason('12345678')).toBe('sequence');
    expect(trivialPasswordReason('87654321')).toBe('sequence');
    expect(trivialPasswordReason('abcdefghij')).toBe('sequence');
    expect(trivialPasswordReason('ZYXWVUTS')).toBe('sequence');
  });

  it('accepts passwords that only contain such parts', () => {
    expect(trivialPasswordReason('case1048-garden', owner)).toBeNull();
    expect(trivialPasswordReason('12345679')).toBeNull();
    expect(trivialPasswordReason('aaaaaaab')).toBeNull();
    expect(trivialPasswordReason('correct horse battery', {})).toBeNull();
  });

  it('ignores an owner without a username or address', () => {
    expect(trivialPasswordReason('', {})).toBeNull();
    expect(trivialPasswordReason('k7#pQ2!x', { username: '', email: '' })).toBeNull();
  });
});

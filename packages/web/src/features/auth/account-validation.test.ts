import { describe, expect, it } from 'vitest';
import { confirmationProblem, emailProblem, passwordProblem, usernameProblem } from './account-validation';

describe('account validation', () => {
  it("follows the server's username rules, and refuses a dot in a new account's name", () => {
    expect(usernameProblem('')).toBe('auth.validation.usernameRequired');
    expect(usernameProblem('ada lovelace')).toBe('auth.validation.usernameSpaces');
    expect(usernameProblem('https://evil')).toBe('auth.validation.usernameUrl');
    expect(usernameProblem('ada.example')).toBe('auth.validation.usernameUrl');
    expect(usernameProblem('ada_lovelace')).toBeNull();
    expect(usernameProblem('ada.lovelace.x')).toBe('auth.validation.usernameDot');
    expect(usernameProblem('john.doe1')).toBe('auth.validation.usernameDot');
    expect(usernameProblem('ab')).toBe('auth.validation.usernameLength');
    expect(usernameProblem('ada,bob')).toBe('auth.validation.usernameComma');
    expect(usernameProblem('bot-ada')).toBe('auth.validation.usernameReserved');
  });

  it('accepts something@something as an e-mail', () => {
    expect(emailProblem('ada@example')).toBeNull();
    expect(emailProblem('ada@example.com')).toBeNull();
    expect(emailProblem('ada')).toBe('auth.validation.emailInvalid');
    expect(emailProblem('ada @x')).toBe('auth.validation.emailInvalid');
  });

  it('wants 8 to 72 bytes, as the server counts them', () => {
    expect(passwordProblem('')).toBe('auth.validation.passwordRequired');
    expect(passwordProblem('1234567')).toBe('auth.validation.passwordTooShort');
    expect(passwordProblem('12345678')).toBeNull();
    expect(passwordProblem('x'.repeat(72))).toBeNull();
    expect(passwordProblem('x'.repeat(73))).toBe('auth.validation.passwordTooLong');
    expect(passwordProblem('😀'.repeat(8))).toBeNull();
    expect(passwordProblem('€'.repeat(25))).toBe('auth.validation.passwordTooLong');
  });

  it('wants the confirmation to match', () => {
    expect(confirmationProblem('secret-one', 'secret-one')).toBeNull();
    expect(confirmationProblem('secret-one', 'secret-two')).toBe('auth.validation.passwordsDiffer');
  });
});

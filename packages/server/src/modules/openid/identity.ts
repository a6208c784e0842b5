/**
 * Who the provider says signed in: the ID token's claims, completed by the userinfo answer
 * (many providers put e-mail and profile claims only there). The subject is what Ordo keys the
 * account on; the e-mail is required (1019), and a claim of the wrong type is refused (1024).
 */
import { fail } from '../../http/api-error.js';
import { emailProblem } from '../auth/validation.js';

export interface ExternalIdentity {
  subject: string;
  email: string;
  name: string;
  preferredUsername: string;
}

/** Names and e-mail addresses are stored in columns of 250 characters. */
const MAX_TEXT = 250;

function optionalText(claims: Record<string, unknown>, field: string): string {
  const value = claims[field];
  if (value === undefined || value === null) return '';
  if (typeof value !== 'string') throw fail('invalidClaimData', [field, typeof value]);
  return value.trim();
}

export function readIdentity(
  idTokenClaims: Record<string, unknown>,
  userInfo: Record<string, unknown> | null,
): ExternalIdentity {
  const claims = { ...idTokenClaims, ...(userInfo ?? {}) };
  // The subject is kept exactly as given (users.subject holds 500 characters).
  const subject = claims.sub;
  if (typeof subject !== 'string' || subject === '' || subject.length > 500) {
    throw fail('invalidClaimData', ['sub', typeof subject]);
  }
  const email = optionalText(claims, 'email');
  if (!email) throw fail('noOpenIdEmail');
  if (emailProblem(email)) throw fail('invalidClaimData', ['email', 'string']);
  return {
    subject,
    email,
    name: [...optionalText(claims, 'name')].slice(0, MAX_TEXT).join(''),
    preferredUsername: optionalText(claims, 'preferred_username'),
  };
}

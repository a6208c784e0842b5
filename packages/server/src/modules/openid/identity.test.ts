import { describe, expect, it } from 'vitest';
import { ApiError } from '../../http/api-error.js';
import { readIdentity } from './identity.js';

function failure(run: () => unknown): ApiError {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an API error');
}

describe('readIdentity', () => {
  it('completes the ID token with the userinfo answer, which wins where both have a claim', () => {
    const identity = readIdentity(
      { sub: 'abc', name: 'Old Name' },
      { sub: 'abc', email: ' ada@example.com ', name: 'Ada', preferred_username: 'ada' },
    );
    expect(identity).toEqual({
      subject: 'abc',
      email: 'ada@example.com',
      name: 'Ada',
      preferredUsername: 'ada',
    });
  });

  it('needs an e-mail address (1019)', () => {
    expect(failure(() => readIdentity({ sub: 'abc' }, null)).code).toBe(1019);
    expect(failure(() => readIdentity({ sub: 'abc', email: '  ' }, null)).code).toBe(1019);
  });

  it('refuses claims of the wrong type or form (1024), naming the field', () => {
    const wrongName = failure(() => readIdentity({ sub: 'abc', email: 'a@b.c', name: 42 }, null));
    expect(wrongName.code).toBe(1024);
    expect(wrongName.message).toBe('Invalid claim data for field name of type number');
    expect(failure(() => readIdentity({ sub: 'abc', email: 'not an address' }, null)).code).toBe(1024);
    expect(failure(() => readIdentity({ sub: '', email: 'a@b.c' }, null)).code).toBe(1024);
    expect(failure(() => readIdentity({ sub: 7, email: 'a@b.c' }, null)).message).toContain('field sub');
  });

  it('keeps names within 250 characters', () => {
    const { name } = readIdentity({ sub: 'abc', email: 'a@b.c', name: 'n'.repeat(300) }, null);
    expect(name).toHaveLength(250);
  });
});

import { describe, expect, it } from 'vitest';
import { callbackStep } from './openid-callback';

const query = (params: Record<string, string>) => new URLSearchParams(params);

describe('callbackStep', () => {
  it('exchanges the code when the state is the stored one', () => {
    expect(callbackStep(query({ code: 'c0de', state: 'abc' }), 'abc')).toEqual({
      kind: 'exchange',
      code: 'c0de',
    });
  });

  it('refuses another state, a missing state, or none stored', () => {
    expect(callbackStep(query({ code: 'c', state: 'abd' }), 'abc')).toEqual({ kind: 'stateMismatch' });
    expect(callbackStep(query({ code: 'c' }), 'abc')).toEqual({ kind: 'stateMismatch' });
    expect(callbackStep(query({ code: 'c', state: 'abc' }), null)).toEqual({ kind: 'stateMismatch' });
  });

  it("shows the provider's error with its message, before looking at the state", () => {
    expect(callbackStep(query({ error: 'access_denied', message: 'You said no.' }), null)).toEqual({
      kind: 'providerError',
      message: 'You said no.',
    });
    expect(
      callbackStep(query({ error: 'access_denied', error_description: 'User cancelled', state: 'x' }), 'x'),
    ).toEqual({ kind: 'providerError', message: 'User cancelled' });
    expect(callbackStep(query({ error: 'server_error' }), 'x')).toEqual({
      kind: 'providerError',
      message: null,
    });
  });

  it('needs a code', () => {
    expect(callbackStep(query({ state: 'abc' }), 'abc')).toEqual({ kind: 'missingCode' });
  });
});

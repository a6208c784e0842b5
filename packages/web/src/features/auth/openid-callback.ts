/**
 * What the OpenID callback screen does with the query the provider sent the browser back with
 * (spec 1 §2, §4, §5): a provider's error is shown (its message, or a general one); a state that
 * is not the one stored before the redirect refuses the sign-in; otherwise the code goes to Ordo.
 */
import { OPENID_STATE_STORAGE_KEY } from './openid-redirect';

export type CallbackStep =
  | { kind: 'providerError'; message: string | null }
  | { kind: 'stateMismatch' }
  | { kind: 'missingCode' }
  | { kind: 'exchange'; code: string };

export function callbackStep(query: URLSearchParams, storedState: string | null): CallbackStep {
  if (query.has('error')) {
    return { kind: 'providerError', message: query.get('message') || query.get('error_description') || null };
  }
  const state = query.get('state');
  if (!storedState || state !== storedState) return { kind: 'stateMismatch' };
  const code = query.get('code');
  return code ? { kind: 'exchange', code } : { kind: 'missingCode' };
}

/** The state stored before the redirect; it is good for one callback only, so it is removed. */
export function takeStoredState(): string | null {
  const state = localStorage.getItem(OPENID_STATE_STORAGE_KEY);
  localStorage.removeItem(OPENID_STATE_STORAGE_KEY);
  return state;
}

/**
 * Trades the authorization code the browser brought back for the provider's tokens (with the
 * client secret), validates the ID token (signature against the provider's keys, issuer,
 * audience, expiry) and reads the userinfo endpoint. The state was checked by the client that
 * started the flow (spec 1 §4); the server never saw it.
 */
import * as client from 'openid-client';
import { type ApiError, fail, httpError } from '../../http/api-error.js';

export interface ProviderClaims {
  idToken: Record<string, unknown>;
  userInfo: Record<string, unknown> | null;
}

const THIRD_PARTY_FAILED = 'Could not authenticate against third party.';

/** The provider answered, but not with what a sign-in needs: Vikunja's 400 with details. */
function refused(details: { error: string; error_description?: string }): ApiError {
  return fail('openIdBadRequest', [THIRD_PARTY_FAILED], { details });
}

function unreachable(error: unknown): boolean {
  if (error instanceof TypeError) return error.message === 'fetch failed';
  return error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

/** Maps what openid-client throws to API errors; programming errors stay what they are. */
export function providerError(error: unknown): unknown {
  if (unreachable(error) || (error instanceof client.ClientError && unreachable(error.cause))) {
    return httpError(502, 'The OpenID Connect provider could not be reached.');
  }
  if (error instanceof client.ResponseBodyError) {
    return refused({ error: error.error, error_description: error.error_description });
  }
  if (
    error instanceof client.AuthorizationResponseError ||
    error instanceof client.WWWAuthenticateChallengeError
  ) {
    return refused({ error: error.code ?? 'invalid_response', error_description: error.message });
  }
  if (error instanceof client.ClientError) {
    return refused({ error: error.code ?? 'invalid_response', error_description: error.message });
  }
  return error;
}

export async function exchangeCode(
  provider: client.Configuration,
  code: string,
  redirectUrl: string,
): Promise<ProviderClaims> {
  let callbackUrl: URL;
  try {
    callbackUrl = new URL(redirectUrl);
  } catch {
    throw fail('openIdBadRequest', ['redirect_url is not a valid address.']);
  }
  callbackUrl.search = '';
  callbackUrl.hash = '';
  callbackUrl.searchParams.set('code', code);
  // The browser posted only the code. The response came from this provider (the route names
  // it), so a provider that adds `iss` to its responses (RFC 9207) gets its own issuer back.
  const metadata = provider.serverMetadata();
  if (metadata.authorization_response_iss_parameter_supported) {
    callbackUrl.searchParams.set('iss', metadata.issuer);
  }
  try {
    const tokens = await client.authorizationCodeGrant(provider, callbackUrl, {
      expectedState: client.skipStateCheck,
      idTokenExpected: true,
    });
    const idToken = tokens.claims();
    if (!idToken) throw refused({ error: 'invalid_response', error_description: 'no ID token' });
    const userInfo = metadata.userinfo_endpoint
      ? await client.fetchUserInfo(provider, tokens.access_token, idToken.sub)
      : null;
    return { idToken: { ...idToken }, userInfo: userInfo ? { ...userInfo } : null };
  } catch (error) {
    throw providerError(error);
  }
}

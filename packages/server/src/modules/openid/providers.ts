/**
 * The configured OpenID Connect providers and what their discovery documents say.
 *
 * A provider's `authUrl` is its issuer: Ordo reads `<authUrl>/.well-known/openid-configuration`
 * for the authorization, token and userinfo endpoints and the signing keys. Discovery runs when
 * a provider is first needed and its result is kept; a failed discovery is tried again after a
 * minute, so a provider that was down at start is picked up once it answers.
 */
import * as client from 'openid-client';
import type { OidcProviderConfig } from '../../config.js';

/** Seconds discovery (and later each request to the provider) may take. */
const PROVIDER_TIMEOUT_SECONDS = 5;
const RETRY_AFTER_FAILURE_MS = 60_000;

export type Discovery = { ok: true; client: client.Configuration } | { ok: false; error: Error };

interface Entry {
  settings: OidcProviderConfig;
  discovery?: Promise<Discovery>;
  failedAt?: number;
  /** The current failure has been passed to an `onFailure`; it is logged once, not per request. */
  reported?: boolean;
}

/** What `/info` publishes about a provider: never the client secret. */
export interface PublishedProvider {
  key: string;
  name: string;
  /** The provider's authorization endpoint, where the web app sends the browser. */
  auth_url: string;
  client_id: string;
  scope: string;
  logout_url: string;
}

/**
 * Client authentication at the token endpoint: HTTP Basic, the OpenID default, unless the
 * provider says it only takes the secret in the form body; no secret means a public client.
 */
function clientAuthentication(secret: string): client.ClientAuth {
  if (!secret) return client.None();
  return (as, metadata, body, headers) => {
    const methods = as.token_endpoint_auth_methods_supported;
    const useBasic = !methods || methods.includes('client_secret_basic');
    (useBasic ? client.ClientSecretBasic(secret) : client.ClientSecretPost(secret))(
      as,
      metadata,
      body,
      headers,
    );
  };
}

async function discover(settings: OidcProviderConfig): Promise<Discovery> {
  try {
    const issuer = new URL(settings.authUrl);
    const configuration = await client.discovery(
      issuer,
      settings.clientId,
      undefined,
      clientAuthentication(settings.clientSecret),
      {
        timeout: PROVIDER_TIMEOUT_SECONDS,
        // The operator chose a plain-http issuer (a provider on the same private network, or a
        // test); openid-client refuses http unless told.
        execute: issuer.protocol === 'http:' ? [client.allowInsecureRequests] : [],
      },
    );
    return { ok: true, client: configuration };
  } catch (error) {
    return { ok: false, error: error as Error };
  }
}

export class OpenIdProviders {
  readonly #entries: Map<string, Entry>;

  constructor(providers: readonly OidcProviderConfig[]) {
    this.#entries = new Map(providers.map((settings) => [settings.key, { settings }]));
  }

  get configured(): boolean {
    return this.#entries.size > 0;
  }

  settings(key: string): OidcProviderConfig | undefined {
    return this.#entries.get(key)?.settings;
  }

  /** The provider's discovered configuration; an earlier failure is retried after a while. */
  discovery(key: string): Promise<Discovery> | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    const stale = entry.failedAt !== undefined && Date.now() - entry.failedAt > RETRY_AFTER_FAILURE_MS;
    if (!entry.discovery || stale) {
      entry.failedAt = undefined;
      entry.reported = false;
      entry.discovery = discover(entry.settings).then((result) => {
        if (!result.ok) entry.failedAt = Date.now();
        return result;
      });
    }
    return entry.discovery;
  }

  /**
   * The providers a visitor can sign in with, in configured order. One whose discovery failed is
   * left out (the reason goes to `onFailure` once per failed attempt): its button would lead
   * nowhere.
   */
  async published(onFailure: (key: string, error: Error) => void): Promise<PublishedProvider[]> {
    const entries = [...this.#entries.values()];
    const results = await Promise.all(entries.map((entry) => this.discovery(entry.settings.key)));
    return entries.flatMap((entry, index) => {
      const result = results[index];
      const endpoint = result?.ok ? result.client.serverMetadata().authorization_endpoint : undefined;
      if (!result?.ok || !endpoint) {
        if (!entry.reported) {
          entry.reported = true;
          const reason = result?.ok === false ? result.error : new Error('no authorization_endpoint');
          onFailure(entry.settings.key, reason);
        }
        return [];
      }
      const { key, name, clientId, scope, logoutUrl } = entry.settings;
      return [{ key, name, auth_url: endpoint, client_id: clientId, scope, logout_url: logoutUrl }];
    });
  }
}

/**
 * A real OpenID Connect provider (the `oidc-provider` package) on a free local port, for tests of
 * signing in through one. It has one confidential client, a small login page that checks a
 * password against its own accounts, and approves the client's consent by itself (a first-party
 * client, as a company's own sign-in would treat Ordo). Its sign-out page asks before it signs out.
 *
 * `signIn` walks the authorization code flow over HTTP the way a browser would (following the
 * redirects, keeping the provider's cookies, posting the login form) and returns the code the
 * provider hands back to the redirect address.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';

export interface ProviderAccount {
  /** What the provider calls this person: the `sub` claim, which never changes. */
  sub: string;
  password: string;
  email?: string;
  name?: string;
  preferredUsername?: string;
  /** Vikunja's teams claim, sent for the `vikunja_scope` scope; any shape, to test bad ones too. */
  vikunjaGroups?: unknown;
}

export interface TestOidcProvider {
  /** The issuer identifier: what Ordo's `authUrl` points at for discovery. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Login name → account; tests may add accounts or change their claims between sign-ins. */
  accounts: Map<string, ProviderAccount>;
  /** The `ORDO_OPENID_PROVIDERS` entry for this provider. */
  ordoProvider(extra?: { key?: string; name?: string; logoutUrl?: string }): Record<string, string>;
  /** Runs the code flow as a browser would and returns the authorization response's parameters. */
  signIn(options: SignInOptions): Promise<URLSearchParams>;
  close(): Promise<void>;
}

export interface SignInOptions {
  login: string;
  password: string;
  redirectUri: string;
  state?: string;
  scope?: string;
}

const CLIENT_ID = 'ordo';

const page = (title: string, body: string) => `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>${title}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:sans-serif;max-width:22rem;margin:4rem auto}label,input,button{display:block;width:100%;margin:.4rem 0}
p.error{color:#b00020}</style></head>
<body><h1>${title}</h1>${body}</body></html>`;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function loginForm(uid: string, clientName: string, error = ''): string {
  return page(
    'Test Identity sign-in',
    `<p>Sign in to continue to ${escapeHtml(clientName)}.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/interaction/${uid}/login" autocomplete="off">
<label for="login">Username</label><input id="login" name="login" autofocus>
<label for="password">Password</label><input id="password" name="password" type="password">
<button type="submit">Sign in</button></form>`,
  );
}

async function formBody(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startOidcProvider(options: {
  redirectUris: string[];
  postLogoutRedirectUris?: string[];
  accounts?: Record<string, ProviderAccount>;
  /** A fixed port (a provider that comes up where Ordo already looks for it); a free one otherwise. */
  port?: number;
}): Promise<TestOidcProvider> {
  const accounts = new Map(Object.entries(options.accounts ?? {}));
  const bySub = (sub: string) => [...accounts.values()].find((a) => a.sub === sub);
  const clientSecret = randomBytes(24).toString('base64url');

  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const issuer = `http://127.0.0.1:${port}`;

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: clientSecret,
        client_name: 'Ordo',
        redirect_uris: options.redirectUris,
        post_logout_redirect_uris: options.postLogoutRedirectUris ?? [],
        response_types: ['code'],
        grant_types: ['authorization_code'],
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    ttl: {
      Interaction: 600,
      Session: 3600,
      Grant: 3600,
      AccessToken: 600,
      IdToken: 600,
      AuthorizationCode: 60,
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username'],
      vikunja_scope: ['vikunja_groups'],
    },
    async findAccount(_ctx, sub) {
      const account = bySub(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        async claims() {
          // Claims the account has no value for are left out, as a provider would.
          return {
            sub,
            ...(account.email ? { email: account.email, email_verified: true } : {}),
            ...(account.name ? { name: account.name } : {}),
            ...(account.preferredUsername ? { preferred_username: account.preferredUsername } : {}),
            ...(account.vikunjaGroups !== undefined ? { vikunja_groups: account.vikunjaGroups } : {}),
          };
        },
      };
    },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        async logoutSource(ctx, form) {
          ctx.body = page(
            'Sign out of Test Identity?',
            `${form}<button autofocus type="submit" form="op.logoutForm" value="yes" name="logout">Yes, sign me out</button>
<button type="submit" form="op.logoutForm">No, stay signed in</button>`,
          );
        },
        async postLogoutSuccessSource(ctx) {
          ctx.body = page('Signed out', '<p>You are signed out of Test Identity.</p>');
        },
      },
    },
    async renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = page(
        'Test Identity error',
        Object.entries(out)
          .map(([k, v]) => `<p><strong>${escapeHtml(k)}</strong>: ${escapeHtml(String(v))}</p>`)
          .join(''),
      );
    },
  });
  const providerHandler = provider.callback();

  async function interaction(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const details = await provider.interactionDetails(req, res);
    const { uid, prompt, params } = details;
    const clientName = 'Ordo';
    if (req.method === 'POST' && req.url?.endsWith('/login')) {
      const form = await formBody(req);
      const account = accounts.get(form.get('login') ?? '');
      if (!account || account.password !== form.get('password')) {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        res.end(loginForm(uid, clientName, 'Wrong username or password.'));
        return;
      }
      await provider.interactionFinished(req, res, { login: { accountId: account.sub } });
      return;
    }
    if (prompt.name === 'login') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(loginForm(uid, clientName));
      return;
    }
    // The consent prompt: this first-party client gets what it asked for.
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({ accountId: details.session?.accountId, clientId: String(params.client_id) });
    if (!grant) throw new Error('the interaction names a grant that does not exist');
    grant.addOIDCScope(String(params.scope));
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  server.on('request', (req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      interaction(req, res).catch((error: Error) => {
        res.writeHead(400, { 'content-type': 'text/plain' });
        res.end(`interaction failed: ${error.message}`);
      });
      return;
    }
    providerHandler(req, res);
  });

  async function signIn(opts: SignInOptions): Promise<URLSearchParams> {
    const cookies = new Map<string, string>();
    const keepCookies = (response: Response) => {
      for (const header of response.headers.getSetCookie()) {
        const [pair] = header.split(';');
        const at = pair.indexOf('=');
        const name = pair.slice(0, at).trim();
        const value = pair.slice(at + 1);
        if (/expires=Thu, 01 Jan 1970/i.test(header) || value === '') cookies.delete(name);
        else cookies.set(name, value);
      }
    };
    const cookieHeader = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const authorize = new URL(`${issuer}/auth`);
    authorize.search = new URLSearchParams({
      client_id: CLIENT_ID,
      redirect_uri: opts.redirectUri,
      response_type: 'code',
      scope: opts.scope ?? 'openid email profile',
      state: opts.state ?? randomBytes(12).toString('base64url'),
    }).toString();
    let next: { url: string; init?: RequestInit } = { url: authorize.toString() };
    for (let hop = 0; hop < 20; hop++) {
      const response = await fetch(next.url, {
        ...next.init,
        redirect: 'manual',
        headers: { ...(next.init?.headers as Record<string, string>), cookie: cookieHeader() },
      });
      keepCookies(response);
      const location = response.headers.get('location');
      if (location) {
        const target = new URL(location, next.url);
        if (target.toString().startsWith(opts.redirectUri)) return target.searchParams;
        next = { url: target.toString() };
        continue;
      }
      const html = await response.text();
      const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
      if (response.status !== 200 || !action || html.includes('role="alert"')) {
        throw new Error(`the provider stopped the sign-in (${response.status}): ${html.slice(0, 500)}`);
      }
      next = {
        url: new URL(action, next.url).toString(),
        init: {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ login: opts.login, password: opts.password }).toString(),
        },
      };
    }
    throw new Error('the provider redirected more than 20 times');
  }

  return {
    issuer,
    clientId: CLIENT_ID,
    clientSecret,
    accounts,
    ordoProvider: (extra = {}) => ({
      key: extra.key ?? 'testid',
      name: extra.name ?? 'Test Identity',
      authUrl: issuer,
      clientId: CLIENT_ID,
      clientSecret,
      ...(extra.logoutUrl ? { logoutUrl: extra.logoutUrl } : {}),
    }),
    signIn,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

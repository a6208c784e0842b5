import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { httpError } from '../../http/api-error.js';
import { requirePrincipal, requireUser } from '../../http/authenticate.js';
import { authRateLimit } from '../../http/rate-limit.js';
import { LimitedText, Message, PublicUserSchema, TokenSchema } from '../../http/schemas.js';
import type { OpenIdLoginService } from '../openid/service.js';
import type { LinkSharesService } from '../sharing/link-shares.js';
import type { AccountMailService } from './account-mail-service.js';
import type { AuthService } from './service.js';

/** What these routes use, given by the composition root (context.ts). */
export interface AuthRoutesDeps {
  config: Config;
  accountMail: AccountMailService;
  auth: AuthService;
  linkShares: LinkSharesService;
  openid: OpenIdLoginService;
}

const RegisterBody = Type.Object({
  // Registration checks every field in its service, so one answer lists all bad fields.
  username: Type.Optional(Type.String()),
  email: Type.Optional(Type.String()),
  password: Type.Optional(Type.String()),
  language: Type.Optional(Type.Union([Type.String(), Type.Null()])),
});

const LoginBody = Type.Object({
  // Any text is only a wrong name or password (1011), however long; the body limit bounds it.
  username: Type.Optional(Type.String()),
  password: Type.Optional(Type.String()),
  long_token: Type.Optional(Type.Boolean()),
  totp_passcode: Type.Optional(LimitedText('short')),
});

const LogoutAnswer = Type.Object({ message: Type.String(), oidc_logout_url: Type.Optional(Type.String()) });
const ConfirmBody = Type.Object({ token: Type.Optional(LimitedText('short')) });
const ResetRequestBody = Type.Object({ email: Type.Optional(LimitedText('name')) });
const ResetBody = Type.Object({
  token: Type.Optional(LimitedText('short')),
  new_password: Type.Optional(LimitedText('password')),
});

export function authRoutes(app: FastifyInstance, ctx: AuthRoutesDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const limited = { public: true, ...authRateLimit(ctx.config) };

  r.post(
    '/register',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        summary: 'Create a local account',
        body: RegisterBody,
        response: { 200: PublicUserSchema },
      },
    },
    async (request) => {
      if (!ctx.config.registration || !ctx.config.localAuth) throw httpError(404, 'Not Found');
      return ctx.auth.register(request.body ?? {});
    },
  );

  r.post(
    '/login',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        summary: 'Log in with username or e-mail and password',
        body: LoginBody,
        response: { 200: TokenSchema },
      },
    },
    async (request) => {
      if (!ctx.config.localAuth && !ctx.config.ldap) throw httpError(404, 'Not Found');
      return ctx.auth.login(request.body ?? {}, {
        userAgent: request.headers['user-agent'] ?? '',
        ip: request.ip,
      });
    },
  );

  // What an e-mailed link leads to (account-mail-service.ts); local accounts only.
  const localOnly = () => {
    if (!ctx.config.localAuth) throw httpError(404, 'Not Found');
  };
  r.post(
    '/user/confirm',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        summary: 'Confirm an e-mail address',
        body: ConfirmBody,
        response: { 200: Message },
      },
    },
    async (request) => {
      localOnly();
      await ctx.accountMail.confirmEmail(request.body?.token ?? '', request.ip);
      return { message: 'The email was confirmed successfully.' };
    },
  );

  r.post(
    '/user/password/token',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        summary: 'Send a password-reset link by e-mail',
        body: ResetRequestBody,
        response: { 200: Message },
      },
    },
    async (request) => {
      localOnly();
      await ctx.accountMail.requestPasswordReset(request.body?.email ?? '', request.ip);
      return { message: 'Token was sent.' };
    },
  );

  r.post(
    '/user/password/reset',
    {
      config: limited,
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with an e-mailed token',
        body: ResetBody,
        response: { 200: Message },
      },
    },
    async (request) => {
      localOnly();
      await ctx.accountMail.resetPassword(
        request.body?.token ?? '',
        request.body?.new_password ?? '',
        request.ip,
      );
      return { message: 'The password was updated successfully.' };
    },
  );

  r.post(
    '/user/logout',
    { schema: { tags: ['auth'], summary: 'End the current session', response: { 200: LogoutAnswer } } },
    async (request) => {
      const principal = requireUser(request);
      await ctx.auth.logout(principal);
      // A session that came from an OpenID Connect provider also ends there, where configured.
      const providerLogout = ctx.openid.logoutUrl(principal.user);
      return {
        message: 'Successfully logged out.',
        ...(providerLogout ? { oidc_logout_url: providerLogout } : {}),
      };
    },
  );

  r.post(
    '/user/token',
    { schema: { tags: ['auth'], summary: 'Renew the current token', response: { 200: TokenSchema } } },
    async (request) => {
      const principal = requirePrincipal(request);
      return principal.kind === 'user' ? ctx.auth.renew(principal) : ctx.linkShares.renew(principal.share);
    },
  );

  // Token checks used by clients and Vikunja's own tests.
  for (const path of ['/tokenTest', '/token/test']) {
    r.post(path, { schema: { tags: ['auth'], hide: true } }, async (_req, reply) =>
      reply.status(418).send({ message: '🍵' }),
    );
  }
  r.get('/token/test', { schema: { tags: ['auth'], summary: 'Check that the token works' } }, async () => ({
    message: 'ok',
  }));
}

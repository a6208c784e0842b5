/** `POST /auth/openid/:provider/callback`: the end of a sign-in through an OpenID Connect provider. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { authRateLimit } from '../../http/rate-limit.js';
import { LimitedText, TokenSchema } from '../../http/schemas.js';
import type { OpenIdLoginService } from './service.js';

/** What these routes use, given by the composition root (context.ts). */
export interface OpenIdRoutesDeps {
  config: Config;
  openid: OpenIdLoginService;
}

const CallbackBody = Type.Object({
  code: Type.Optional(LimitedText('url')),
  redirect_url: Type.Optional(LimitedText('url')),
  scope: Type.Optional(LimitedText('url')),
  totp_passcode: Type.Optional(LimitedText('short')),
});

export function openIdRoutes(app: FastifyInstance, ctx: OpenIdRoutesDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  r.post(
    '/auth/openid/:provider/callback',
    {
      config: { public: true, ...authRateLimit(ctx.config) },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with the code an OpenID Connect provider sent the browser back with',
        params: Type.Object({ provider: Type.String() }),
        body: CallbackBody,
        response: { 200: TokenSchema },
      },
    },
    async (request) =>
      ctx.openid.callback(request.params.provider, request.body ?? {}, {
        userAgent: request.headers['user-agent'] ?? '',
        ip: request.ip,
      }),
  );
}

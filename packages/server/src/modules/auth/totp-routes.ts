/** `/user/settings/totp…`: two-factor enrolment and its QR code (totp-service.ts). */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../http/authenticate.js';
import { LimitedText, Message } from '../../http/schemas.js';
import type { TotpService } from './totp-service.js';

/** What these routes use, given by the composition root (context.ts). */
export interface TotpRoutesDeps {
  totp: TotpService;
}

const TotpSchema = Type.Object({ secret: Type.String(), enabled: Type.Boolean(), url: Type.String() });
const tags = ['user'];

export function totpRoutes(app: FastifyInstance, ctx: TotpRoutesDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get(
    '/user/settings/totp',
    { schema: { tags, summary: 'Two-factor status', response: { 200: TotpSchema } } },
    async (request) => ctx.totp.status(requireUser(request).userId),
  );

  r.post(
    '/user/settings/totp/enroll',
    { schema: { tags, summary: 'Start two-factor enrolment', response: { 200: TotpSchema } } },
    async (request) => ctx.totp.enroll(requireUser(request).userId),
  );

  r.post(
    '/user/settings/totp/enable',
    {
      schema: {
        tags,
        summary: 'Confirm two-factor enrolment with a passcode',
        body: Type.Object({ passcode: Type.Optional(LimitedText('short')) }),
        response: { 200: Message },
      },
    },
    async (request) => {
      await ctx.totp.enable(requireUser(request).userId, request.body?.passcode ?? '');
      return { message: 'TOTP was enabled successfully.' };
    },
  );

  r.post(
    '/user/settings/totp/disable',
    {
      schema: {
        tags,
        summary: 'Turn two-factor login off',
        body: Type.Object({ password: Type.Optional(LimitedText('password')) }),
        response: { 200: Message },
      },
    },
    async (request) => {
      await ctx.totp.disable(requireUser(request).userId, request.body?.password ?? '', request.ip);
      return { message: 'TOTP was disabled successfully.' };
    },
  );

  r.get(
    '/user/settings/totp/qrcode',
    { schema: { tags, summary: 'The enrolment address as a QR code (JPEG)' } },
    async (request, reply) => {
      const image = await ctx.totp.qrCode(requireUser(request).userId);
      return reply.type('image/jpeg').header('cache-control', 'no-store').send(image);
    },
  );
}

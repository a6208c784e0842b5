/** `/user/export/*` (reference §2.3, §3.16): one's own data export. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../http/authenticate.js';
import { LimitedText, Message } from '../../http/schemas.js';
import type { AccountServices } from '../account/account-services.js';

/** What these routes use, given by the composition root (context.ts). */
export interface ExportRoutesDeps {
  account: AccountServices;
}

const tags = ['user'];
const PasswordBody = Type.Object({ password: Type.Optional(LimitedText('password')) });

const ExportStatusSchema = Type.Object({
  id: Type.Optional(Type.Integer()),
  size: Type.Optional(Type.Integer()),
  created: Type.Optional(Type.String()),
  expires: Type.Optional(Type.String()),
  building_since: Type.Optional(Type.String()),
});

export function exportRoutes(app: FastifyInstance, ctx: ExportRoutesDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const exports = ctx.account.dataExports;

  r.post(
    '/user/export/request',
    {
      schema: {
        tags,
        summary: 'Start building a zip of all your data',
        body: PasswordBody,
        response: { 200: Message },
      },
    },
    async (request) => {
      await exports.request(requireUser(request), request.body?.password, request.ip);
      return { message: "Successfully requested data export. We will send you an email when it's ready." };
    },
  );

  r.get(
    '/user/export',
    {
      schema: {
        tags,
        summary: 'The finished export: {} when there is none',
        response: { 200: ExportStatusSchema },
      },
    },
    async (request) => exports.status(requireUser(request)),
  );

  r.post(
    '/user/export/download',
    {
      schema: {
        tags,
        summary: 'Download the export zip',
        body: PasswordBody,
        produces: ['application/zip'],
      },
    },
    async (request, reply) => {
      const file = await exports.download(requireUser(request), request.body?.password, request.ip);
      return reply
        .type('application/zip')
        .header('content-length', file.size)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .send(file.stream);
    },
  );
}

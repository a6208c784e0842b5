/** `/user/settings/email` and `/user/deletion/*` (reference §2.3): one's own e-mail and account. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { requireUser } from '../../http/authenticate.js';
import { LimitedText, Message } from '../../http/schemas.js';
import type { AccountServices } from './account-services.js';

/** What these routes use, given by the composition root (context.ts). */
export interface AccountRoutesDeps {
  account: AccountServices;
}

const tags = ['user'];
const PasswordBody = Type.Object({ password: Type.Optional(LimitedText('password')) });

export function accountRoutes(app: FastifyInstance, ctx: AccountRoutesDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const { emailChanges, accountDeletion } = ctx.account;

  r.post(
    '/user/settings/email',
    {
      schema: {
        tags,
        summary: 'Change the e-mail address (confirmed by a mailed link when mail is on)',
        body: Type.Object({
          new_email: Type.Optional(LimitedText('name')),
          password: Type.Optional(LimitedText('password')),
        }),
        response: { 200: Message },
      },
    },
    async (request) => {
      const body = request.body ?? {};
      const outcome = await emailChanges.request(
        requireUser(request),
        body.new_email ?? '',
        body.password ?? '',
        request.ip,
      );
      return {
        message:
          outcome === 'pending'
            ? 'We sent you an email with a link to confirm your new email address.'
            : 'The email address was changed successfully.',
      };
    },
  );

  r.post(
    '/user/deletion/request',
    {
      schema: {
        tags,
        summary: 'Ask to delete the account (a link is mailed; without mail it is scheduled at once)',
        body: PasswordBody,
        response: { 200: Message },
      },
    },
    async (request) => {
      const outcome = await accountDeletion.request(requireUser(request), request.body?.password, request.ip);
      return {
        message:
          outcome === 'mailed'
            ? 'Successfully requested deletion.'
            : 'Your account will be deleted in three days.',
      };
    },
  );

  r.post(
    '/user/deletion/confirm',
    {
      schema: {
        tags,
        summary: 'Confirm the deletion with the mailed token; the account is deleted three days later',
        body: Type.Object({ token: Type.Optional(LimitedText('short')) }),
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      await accountDeletion.confirm(requireUser(request), request.body?.token ?? '');
      return reply.status(204).send(null);
    },
  );

  r.post(
    '/user/deletion/cancel',
    {
      schema: {
        tags,
        summary: 'Cancel a scheduled deletion',
        body: PasswordBody,
        response: { 204: Type.Null() },
      },
    },
    async (request, reply) => {
      await accountDeletion.cancel(requireUser(request), request.body?.password, request.ip);
      return reply.status(204).send(null);
    },
  );
}

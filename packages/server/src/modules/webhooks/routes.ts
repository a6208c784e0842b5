/**
 * Webhook routes (reference §2.3 user settings, §2.13): registered only while webhooks are on
 * (`ORDO_WEBHOOKS`), so a server without them answers 404. HTTP only; rules live in the service.
 * Link shares are refused with 403: webhooks belong to people, not to a shared link.
 */

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { PROJECT_WEBHOOK_EVENTS, USER_WEBHOOK_EVENTS } from '@ordo/core';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { requireUser } from '../../http/authenticate.js';
import { parsePage, setPaginationHeaders } from '../../http/pagination.js';
import { Message, NullableText } from '../../http/schemas.js';
import type { WebhooksService } from './service.js';

/** What these routes use, given by the composition root (context.ts). */
export interface WebhookRoutesDeps {
  config: Config;
  webhooks: WebhooksService;
}

const tags = ['webhooks'];
const WebhookBody = Type.Object({
  target_url: NullableText('url'),
  events: Type.Optional(Type.Unknown()),
  secret: NullableText('secret'),
  basic_auth_user: NullableText('secret'),
  basic_auth_password: NullableText('secret'),
});
const EventsBody = Type.Object({ events: Type.Optional(Type.Unknown()) });
const ProjectParams = Type.Object({ project: Type.Integer() });
const ProjectWebhookParams = Type.Object({ project: Type.Integer(), webhook: Type.Integer() });
const WebhookParams = Type.Object({ webhook: Type.Integer() });

const DELIVERY =
  'Each matching event is POSTed to `target_url` as `{"event_name","time","data"}`, signed with `X-Vikunja-Signature` (hex HMAC-SHA256 of the body keyed by `secret`) when a secret is set, with basic auth when both basic-auth fields are set. `secret`, `basic_auth_user` and `basic_auth_password` are write-only: answers always show them empty.';
const VALIDATION =
  '`target_url` and `events` are required (412 `"<field>: non zero value required"`); a target that is not an http(s) address answers 412 with `invalid_fields: ["target_url"]`, an unknown event 412 with `["events"]`. A target on an internal address (loopback, private, link-local, metadata service, …), or a name resolving only to such addresses, answers 400 with code 30030 unless the operator allows it (`ORDO_WEBHOOKS_ALLOW_INTERNAL`).';

export function webhookRoutes(app: FastifyInstance, ctx: WebhookRoutesDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const user = (request: Parameters<typeof requireUser>[0]) => requireUser(request, 'forbidden').userId;
  const page = (query: unknown) => parsePage(query as Record<string, unknown>, ctx.config.maxItemsPerPage);

  r.get(
    '/webhooks/events',
    { schema: { tags, summary: 'The events a project webhook can name (sorted)' } },
    async (request) => {
      user(request);
      return [...PROJECT_WEBHOOK_EVENTS];
    },
  );

  r.get(
    '/projects/:project/webhooks',
    {
      schema: {
        tags,
        summary: 'A project’s webhooks (write access: others get 403); credentials always empty',
        params: ProjectParams,
      },
    },
    async (request, reply) => {
      const p = page(request.query);
      const { webhooks, total } = await ctx.webhooks.listOfProject(user(request), request.params.project, p);
      setPaginationHeaders(reply, p, webhooks.length, total);
      return webhooks;
    },
  );

  r.put(
    '/projects/:project/webhooks',
    {
      schema: {
        tags,
        summary: 'Add a webhook to a project (write access)',
        description: `${VALIDATION} ${DELIVERY}`,
        params: ProjectParams,
        body: WebhookBody,
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await ctx.webhooks.createForProject(user(request), request.params.project, request.body ?? {})),
  );

  r.post(
    '/projects/:project/webhooks/:webhook',
    {
      schema: {
        tags,
        summary: 'Change the events of a project webhook (write access); nothing else is written',
        description:
          'A webhook of another project answers 404; one whose target is now an internal address 400 (30030).',
        params: ProjectWebhookParams,
        body: EventsBody,
      },
    },
    async (request) =>
      ctx.webhooks.updateOfProject(
        user(request),
        request.params.project,
        request.params.webhook,
        request.body?.events,
      ),
  );

  r.delete(
    '/projects/:project/webhooks/:webhook',
    {
      schema: {
        tags,
        summary: 'Delete a project webhook (write access)',
        params: ProjectWebhookParams,
        response: { 200: Message },
      },
    },
    async (request) => {
      await ctx.webhooks.deleteOfProject(user(request), request.params.project, request.params.webhook);
      return { message: 'Successfully deleted.' };
    },
  );

  r.get(
    '/user/settings/webhooks',
    { schema: { tags, summary: 'Your own user-level webhooks' } },
    async (request, reply) => {
      const p = page(request.query);
      const { webhooks, total } = await ctx.webhooks.listOfUser(user(request), p);
      setPaginationHeaders(reply, p, webhooks.length, total);
      return webhooks;
    },
  );

  r.get(
    '/user/settings/webhooks/events',
    { schema: { tags, summary: 'The events a user-level webhook can name: those directed at one user' } },
    async (request) => {
      user(request);
      return [...USER_WEBHOOK_EVENTS];
    },
  );

  r.put(
    '/user/settings/webhooks',
    {
      schema: {
        tags,
        summary: 'Add a user-level webhook (answers 200, as Vikunja does)',
        description: `${VALIDATION} Only the events of GET /user/settings/webhooks/events are accepted. ${DELIVERY}`,
        body: WebhookBody,
      },
    },
    async (request) => ctx.webhooks.createForUser(user(request), request.body ?? {}),
  );

  r.post(
    '/user/settings/webhooks/:webhook',
    {
      schema: {
        tags,
        summary: 'Change the events of your user-level webhook; another user’s answers 404',
        params: WebhookParams,
        body: EventsBody,
      },
    },
    async (request) => ctx.webhooks.updateOfUser(user(request), request.params.webhook, request.body?.events),
  );

  r.delete(
    '/user/settings/webhooks/:webhook',
    {
      schema: {
        tags,
        summary: 'Delete your user-level webhook; another user’s answers 404',
        params: WebhookParams,
        response: { 200: Message },
      },
    },
    async (request) => {
      await ctx.webhooks.deleteOfUser(user(request), request.params.webhook);
      return { message: 'Successfully deleted.' };
    },
  );
}

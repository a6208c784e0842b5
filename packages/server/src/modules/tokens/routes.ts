/** /tokens and /routes (reference §2.1, §2.14, §2.15): HTTP only, the rules live in the service. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { requirePrincipal, requireUser } from '../../http/authenticate.js';
import { parsePage, setPaginationHeaders } from '../../http/pagination.js';
import { Message, NullableText } from '../../http/schemas.js';
import type { ApiRouteRegistry } from './route-registry.js';
import type { ApiTokensService } from './service.js';

/** What these routes use, given by the composition root (context.ts). */
export interface ApiTokenRoutesDeps {
  config: Config;
  apiRoutes: ApiRouteRegistry;
  apiTokens: ApiTokensService;
}

const tags = ['api tokens'];

const TokenBody = Type.Object({
  title: NullableText('title', 1),
  permissions: Type.Optional(Type.Unknown()),
  expires_at: NullableText('short'),
  owner_id: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
});
const TokenParams = Type.Object({ token: Type.Integer() });
const ListQuery = Type.Object({ owner_id: Type.Optional(Type.Integer()) }, { additionalProperties: true });

const NO_BOTS = 'Ordo has no bot users: an `owner_id` other than your own answers 403 with code 1033.';

function searchOf(query: unknown): string {
  const s = (query as Record<string, unknown>).s;
  return typeof s === 'string' ? s.trim() : '';
}

export function apiTokenRoutes(app: FastifyInstance, ctx: ApiTokenRoutesDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get(
    '/tokens',
    {
      schema: {
        tags,
        summary: 'Your API tokens, page by page (`s` searches the title); never the secret',
        description: NO_BOTS,
        querystring: ListQuery,
      },
    },
    async (request, reply) => {
      const page = parsePage(request.query as Record<string, unknown>, ctx.config.maxItemsPerPage);
      const { tokens, total } = await ctx.apiTokens.list(requireUser(request), {
        search: searchOf(request.query),
        page,
        ownerId: request.query.owner_id,
      });
      setPaginationHeaders(reply, page, tokens.length, total);
      return tokens;
    },
  );

  r.put(
    '/tokens',
    {
      schema: {
        tags,
        summary: 'Create an API token; the answer carries the secret `token`, shown this once',
        description: `\`title\`, \`permissions\` (group → permission names from GET /routes) and \`expires_at\` (RFC 3339) are required. An unknown group or permission answers 400 with code 14002. ${NO_BOTS}`,
        body: TokenBody,
      },
    },
    async (request, reply) =>
      reply.status(201).send(await ctx.apiTokens.create(requireUser(request), request.body ?? {})),
  );

  r.delete(
    '/tokens/:token',
    {
      schema: {
        tags,
        summary: 'Delete one of your API tokens; it stops working at once',
        description: 'Another user’s token, like a missing one, answers 403 `Forbidden` (code 0).',
        params: TokenParams,
        response: { 200: Message },
      },
    },
    async (request) => {
      await ctx.apiTokens.delete(requireUser(request), request.params.token);
      return { message: 'Successfully deleted.' };
    },
  );

  r.get(
    '/routes',
    {
      schema: {
        tags,
        summary: 'The permissions an API token can be given: group → permission → {path, method}',
        description:
          'Built from the routes this server has registered. `caldav.access` and `feeds.access` are listed for compatibility with Vikunja clients; this server serves neither CalDAV nor feeds yet, so they grant nothing. Account (/user…), token and subscription routes are never grantable.',
      },
    },
    async (request) => {
      requirePrincipal(request);
      return ctx.apiRoutes.permissions.catalogue;
    },
  );
}

/**
 * Project sharing routes (reference §2.11): user and team shares, the project's users, and link
 * shares. Link shares may read the user and team shares of their project; everything that
 * manages shares is for users only. The link-share routes exist only while link sharing is on.
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { LinkShareBody, ShareRightFields } from '@ordo/core';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { requirePrincipal, requireUser } from '../../http/authenticate.js';
import { parsePage, setPaginationHeaders } from '../../http/pagination.js';
import { authRateLimit } from '../../http/rate-limit.js';
import { LimitedText, Message, NullableText } from '../../http/schemas.js';
import { ProjectParams, sendMaxRight } from '../projects/routes.js';
import type { LinkSharesService } from './link-shares.js';
import type { ProjectSharingService, ShareListInput } from './service.js';

/** What these routes use, given by the composition root (context.ts). */
export interface SharingRoutesDeps {
  config: Config;
  linkShares: LinkSharesService;
  sharing: ProjectSharingService;
}

/** `right` is Ordo's (v0.24) name; `permission` (v1.0+) is read as well. */
const RightFields = ShareRightFields;

/** v1.0 names the user `username`; v0.24 (and its web app) sends the username as `user_id`. */
const UserShareBody = Type.Object({
  username: NullableText('name'),
  user_id: NullableText('name'),
  ...RightFields,
});
const TeamShareBody = Type.Object({ team_id: Type.Optional(Type.Integer()), ...RightFields });
const RightBody = Type.Object(RightFields);
const LinkAuthBody = Type.Object({ password: NullableText('password') });

const UserShareParams = Type.Object({ id: Type.Integer(), username: Type.String() });
const TeamShareParams = Type.Object({ id: Type.Integer(), team: Type.Integer() });
const LinkShareParams = Type.Object({ id: Type.Integer(), share: Type.Integer() });
const SearchQuery = Type.Object({ s: Type.Optional(LimitedText('filter')) }, { additionalProperties: true });

function rightOf(body: { right?: unknown; permission?: unknown } | undefined): unknown {
  return body?.right ?? body?.permission;
}

type ListShares = (
  principalId: number,
  projectId: number,
  input: ShareListInput,
) => Promise<{ items: unknown[]; total: number }>;

export function sharingRoutes(app: FastifyInstance, ctx: SharingRoutesDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['sharing'];
  /** One page of a project's user or team shares, with Vikunja's pagination headers. */
  const sharesPage = async (request: FastifyRequest, reply: FastifyReply, list: ListShares) => {
    // Both routes validate these against ProjectParams and SearchQuery first.
    const { id } = request.params as { id: number };
    const query = request.query as { s?: string } & Record<string, unknown>;
    const page = parsePage(query, ctx.config.maxItemsPerPage);
    const { items, total } = await list(requirePrincipal(request).userId, id, { page, s: query.s });
    setPaginationHeaders(reply, page, items.length, total);
    return items;
  };
  const deleted = { message: 'Successfully deleted.' };

  r.get(
    '/projects/:id/users',
    {
      schema: {
        tags,
        summary: 'Users the project is shared with',
        params: ProjectParams,
        querystring: SearchQuery,
      },
    },
    (request, reply) => sharesPage(request, reply, ctx.sharing.listUsers.bind(ctx.sharing)),
  );

  r.put(
    '/projects/:id/users',
    {
      schema: {
        tags,
        summary: 'Share the project with a user (admins)',
        params: ProjectParams,
        body: UserShareBody,
      },
    },
    async (request, reply) => {
      const body = request.body ?? {};
      const share = await ctx.sharing.shareWithUser(requireUser(request).userId, request.params.id, {
        username: body.username || body.user_id || undefined,
        right: rightOf(body),
      });
      return reply.status(201).send(share);
    },
  );

  r.post(
    '/projects/:id/users/:username',
    {
      schema: {
        tags,
        summary: "Change a user's right on the project",
        params: UserShareParams,
        body: RightBody,
      },
    },
    async (request) =>
      ctx.sharing.changeUserShare(
        requireUser(request).userId,
        request.params.id,
        request.params.username,
        rightOf(request.body),
      ),
  );

  r.delete(
    '/projects/:id/users/:username',
    {
      schema: {
        tags,
        summary: 'Stop sharing the project with a user',
        params: UserShareParams,
        response: { 200: Message },
      },
    },
    async (request) => {
      await ctx.sharing.unshareUser(requireUser(request).userId, request.params.id, request.params.username);
      return deleted;
    },
  );

  r.get(
    '/projects/:id/teams',
    {
      schema: {
        tags,
        summary: 'Teams the project is shared with',
        params: ProjectParams,
        querystring: SearchQuery,
      },
    },
    (request, reply) => sharesPage(request, reply, ctx.sharing.listTeams.bind(ctx.sharing)),
  );

  r.put(
    '/projects/:id/teams',
    {
      schema: {
        tags,
        summary: 'Share the project with a team (admins)',
        params: ProjectParams,
        body: TeamShareBody,
      },
    },
    async (request, reply) => {
      const body = request.body ?? {};
      const share = await ctx.sharing.shareWithTeam(requireUser(request).userId, request.params.id, {
        team_id: body.team_id,
        right: rightOf(body),
      });
      return reply.status(201).send(share);
    },
  );

  r.post(
    '/projects/:id/teams/:team',
    {
      schema: {
        tags,
        summary: "Change a team's right on the project",
        params: TeamShareParams,
        body: RightBody,
      },
    },
    async (request) =>
      ctx.sharing.changeTeamShare(
        requireUser(request).userId,
        request.params.id,
        request.params.team,
        rightOf(request.body),
      ),
  );

  r.delete(
    '/projects/:id/teams/:team',
    {
      schema: {
        tags,
        summary: 'Stop sharing the project with a team',
        params: TeamShareParams,
        response: { 200: Message },
      },
    },
    async (request) => {
      await ctx.sharing.unshareTeam(requireUser(request).userId, request.params.id, request.params.team);
      return deleted;
    },
  );

  r.get(
    '/projects/:id/projectusers',
    {
      schema: {
        tags,
        summary: 'Users who can reach the project (assignee search)',
        params: ProjectParams,
        querystring: SearchQuery,
      },
    },
    async (request) =>
      ctx.sharing.projectUsers(requirePrincipal(request).userId, request.params.id, request.query.s),
  );

  if (ctx.config.linkSharing) linkShareRoutes(app, ctx);
}

function linkShareRoutes(app: FastifyInstance, ctx: SharingRoutesDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['link shares'];

  r.get(
    '/projects/:id/shares',
    {
      schema: {
        tags,
        summary: "The project's link shares (admins)",
        params: ProjectParams,
        querystring: SearchQuery,
      },
    },
    async (request, reply) => {
      const page = parsePage(request.query, ctx.config.maxItemsPerPage);
      const { items, total } = await ctx.linkShares.list(requireUser(request).userId, request.params.id, {
        page,
        s: request.query.s,
      });
      setPaginationHeaders(reply, page, items.length, total);
      return items;
    },
  );

  r.get(
    '/projects/:id/shares/:share',
    { schema: { tags, summary: 'One link share', params: LinkShareParams } },
    async (request, reply) => {
      const { share, right } = await ctx.linkShares.read(
        requireUser(request).userId,
        request.params.id,
        request.params.share,
      );
      sendMaxRight(reply, right);
      return share;
    },
  );

  r.put(
    '/projects/:id/shares',
    { schema: { tags, summary: 'Create a link share', params: ProjectParams, body: LinkShareBody } },
    async (request, reply) => {
      const body = request.body ?? {};
      const share = await ctx.linkShares.create(requireUser(request).userId, request.params.id, {
        name: body.name ?? undefined,
        password: body.password ?? undefined,
        right: rightOf(body),
      });
      return reply.status(201).send(share);
    },
  );

  r.delete(
    '/projects/:id/shares/:share',
    {
      schema: {
        tags,
        summary: 'Delete a link share; its tokens stop working',
        params: LinkShareParams,
        response: { 200: Message },
      },
    },
    async (request) => {
      await ctx.linkShares.delete(requireUser(request).userId, request.params.id, request.params.share);
      return { message: 'Successfully deleted.' };
    },
  );

  r.post(
    '/shares/:hash/auth',
    {
      config: { public: true, ...authRateLimit(ctx.config) },
      schema: {
        tags,
        summary: 'Log in with a link share',
        params: Type.Object({ hash: Type.String() }),
        body: Type.Optional(LinkAuthBody),
      },
    },
    async (request) =>
      ctx.linkShares.authenticate(request.params.hash, request.body?.password ?? undefined, request.ip),
  );
}

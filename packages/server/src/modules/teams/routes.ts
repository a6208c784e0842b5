/** /teams routes (reference §2.10): HTTP only, the rules live in TeamsService. Users only. */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { TeamBody, TeamMemberBody } from '@ordo/core';
import { type Static, Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { requireUser } from '../../http/authenticate.js';
import { parsePage, setPaginationHeaders } from '../../http/pagination.js';
import { Message } from '../../http/schemas.js';
import { sendMaxRight } from '../projects/routes.js';
import type { TeamsService } from './service.js';

/** What these routes use, given by the composition root (context.ts). */
export interface TeamRoutesDeps {
  config: Config;
  teams: TeamsService;
}

const TeamParams = Type.Object({ id: Type.Integer() });
const MemberParams = Type.Object({ id: Type.Integer(), username: Type.String() });

function teamInput(body: Static<typeof TeamBody> | undefined) {
  const b = body ?? {};
  return {
    name: b.name ?? undefined,
    description: b.description ?? undefined,
    is_public: b.is_public ?? undefined,
  };
}

export function teamRoutes(app: FastifyInstance, ctx: TeamRoutesDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['teams'];

  r.get(
    '/teams',
    {
      schema: {
        tags,
        summary: 'Teams the caller belongs to (and public teams with include_public=true)',
        querystring: Type.Object(
          { s: Type.Optional(Type.String()), include_public: Type.Optional(Type.String()) },
          { additionalProperties: true },
        ),
      },
    },
    async (request, reply) => {
      // A link share listing teams gets Vikunja's generic refusal (code 1, reference §5.16).
      const user = requireUser(request, 'notAllowed');
      const page = parsePage(request.query as Record<string, unknown>, ctx.config.maxItemsPerPage);
      const includePublic = request.query.include_public === 'true' || request.query.include_public === '1';
      const { teams, total } = await ctx.teams.list(user.userId, { page, s: request.query.s, includePublic });
      setPaginationHeaders(reply, page, teams.length, total);
      return teams;
    },
  );

  r.put(
    '/teams',
    { schema: { tags, summary: 'Create a team; the creator becomes its admin', body: TeamBody } },
    async (request, reply) =>
      reply.status(201).send(await ctx.teams.create(requireUser(request).userId, teamInput(request.body))),
  );

  r.get(
    '/teams/:id',
    { schema: { tags, summary: 'One team with its members', params: TeamParams } },
    async (request, reply) => {
      const { team, right } = await ctx.teams.read(requireUser(request).userId, request.params.id);
      sendMaxRight(reply, right);
      return team;
    },
  );

  r.post(
    '/teams/:id',
    { schema: { tags, summary: 'Update a team (team admins)', params: TeamParams, body: TeamBody } },
    async (request) =>
      ctx.teams.update(requireUser(request).userId, request.params.id, teamInput(request.body)),
  );

  r.delete(
    '/teams/:id',
    {
      schema: {
        tags,
        summary: 'Delete a team, its memberships and shares',
        params: TeamParams,
        response: { 200: Message },
      },
    },
    async (request) => {
      await ctx.teams.delete(requireUser(request).userId, request.params.id);
      return { message: 'Successfully deleted.' };
    },
  );

  r.put(
    '/teams/:id/members',
    {
      schema: {
        tags,
        summary: 'Add a member by username (team admins)',
        params: TeamParams,
        body: TeamMemberBody,
      },
    },
    async (request, reply) => {
      const body = request.body ?? {};
      const member = await ctx.teams.addMember(requireUser(request).userId, request.params.id, {
        username: body.username ?? undefined,
        admin: body.admin ?? undefined,
      });
      return reply.status(201).send(member);
    },
  );

  r.delete(
    '/teams/:id/members/:username',
    {
      schema: {
        tags,
        summary: 'Remove a member (team admins), or leave the team (the member themself)',
        params: MemberParams,
        response: { 200: Message },
      },
    },
    async (request) => {
      await ctx.teams.removeMember(requireUser(request).userId, request.params.id, request.params.username);
      return { message: 'Successfully deleted.' };
    },
  );

  r.post(
    '/teams/:id/members/:username/admin',
    { schema: { tags, summary: "Toggle a member's admin flag (team admins)", params: MemberParams } },
    async (request) =>
      ctx.teams.toggleAdmin(requireUser(request).userId, request.params.id, request.params.username),
  );
}

/**
 * Avatar routes (reference §2.3): the provider setting, the upload, and the picture itself. The
 * picture loads without a token, as Vikunja v0.24 serves it (its web app shows avatars as plain
 * <img> tags); ORDO_AVATARS_REQUIRE_LOGIN asks for a token as v1.0 does. It is revalidated by
 * ETag, so a changed avatar shows at once and an unchanged one costs a 304.
 */
import { createHash } from 'node:crypto';
import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import { fail, httpError } from '../../http/api-error.js';
import { requirePrincipal, requireUser } from '../../http/authenticate.js';
import { Message } from '../../http/schemas.js';
import type { AvatarsService } from './service.js';

/** What these routes use, given by the composition root (context.ts). */
export interface AvatarRoutesDeps {
  config: Config;
  avatars: AvatarsService;
}

const tags = ['user'];
const LINK_SHARE_USERNAME = /^link-share-\d+$/;
const ProviderSchema = Type.Object({ avatar_provider: Type.String() });

export async function avatarRoutes(app: FastifyInstance, ctx: AvatarRoutesDeps): Promise<void> {
  await app.register(multipart, { limits: { fileSize: ctx.config.maxFileSize, files: 1, fields: 10 } });
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get(
    '/user/settings/avatar',
    { schema: { tags, summary: 'Who draws my avatar', response: { 200: ProviderSchema } } },
    async (request) => ({ avatar_provider: await ctx.avatars.provider(requireUser(request).userId) }),
  );

  r.post(
    '/user/settings/avatar',
    {
      schema: {
        tags,
        summary: 'Choose who draws my avatar: default, initials, gravatar, marble or upload',
        body: Type.Object({ avatar_provider: Type.Optional(Type.Unknown()) }),
        response: { 200: Message },
      },
    },
    async (request) => {
      await ctx.avatars.setProvider(requireUser(request).userId, request.body?.avatar_provider);
      return { message: 'Avatar was changed successfully.' };
    },
  );

  r.put(
    '/user/settings/avatar/upload',
    {
      schema: {
        tags,
        summary: 'Upload my avatar (multipart field "avatar"); switches the provider to upload',
        response: { 200: Message },
      },
    },
    async (request) => {
      const userId = requireUser(request).userId;
      if (!request.isMultipart()) throw noAvatarPart();
      let bytes: Buffer | null = null;
      for await (const part of request.parts()) {
        if (part.type !== 'file' || part.fieldname !== 'avatar' || bytes) {
          if (part.type === 'file') part.file.resume();
          continue;
        }
        try {
          bytes = await part.toBuffer();
        } catch (error) {
          if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fail('fileTooLarge');
          throw error;
        }
      }
      if (!bytes) throw noAvatarPart();
      await ctx.avatars.upload(userId, bytes);
      return { message: 'Avatar was uploaded successfully.' };
    },
  );

  r.get(
    '/avatar/:username',
    {
      schema: {
        tags,
        summary: "A user's avatar (PNG or SVG), `size` px square, 50 unless asked, at most 1024",
        description: ctx.config.avatarsRequireLogin
          ? 'Needs a token (a user, a link share or an API token), as Vikunja does since v1.0.'
          : 'Served without a token, as Vikunja v0.24 serves it. A name that is no user gets the same ' +
            'default picture as a user who chose none, so the answer does not tell which usernames exist.',
        params: Type.Object({ username: Type.String() }),
        querystring: Type.Object({ size: Type.Optional(Type.String()) }),
      },
      config: { public: !ctx.config.avatarsRequireLogin, readsToken: true },
    },
    async (request, reply) => {
      const open = !ctx.config.avatarsRequireLogin;
      if (!open) requirePrincipal(request);
      // A link share's name is for those signed in; to a stranger its pseudo-user is no one.
      const stranger = open && !request.principal;
      const { username } = request.params;
      const requested = Number.parseInt(request.query.size ?? '', 10);
      const image = await ctx.avatars.image(
        stranger && LINK_SHARE_USERNAME.test(username) ? '' : username,
        Number.isNaN(requested) ? undefined : requested,
        { unknownAsDefault: open },
      );
      const etag = `"${createHash('sha256').update(image.body).digest('base64url').slice(0, 27)}"`;
      reply
        .header('cache-control', 'private, no-cache')
        .header('etag', etag)
        .header('vary', 'authorization')
        .header('x-content-type-options', 'nosniff');
      // A generated SVG is a document: it may draw, never run or load anything.
      if (image.contentType === 'image/svg+xml') {
        reply.header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'");
      }
      if (matches(request.headers['if-none-match'], etag)) return reply.status(304).send();
      return reply.type(image.contentType).send(image.body);
    },
  );
}

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === etag || tag === '*');
}

function noAvatarPart() {
  return httpError(400, 'Please send the picture as a multipart/form-data file in the field "avatar".');
}

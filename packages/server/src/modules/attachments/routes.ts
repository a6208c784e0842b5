/**
 * /tasks/:id/attachments routes (reference §2.7). Registered only when task attachments are on
 * (`ORDO_TASK_ATTACHMENTS`), so they answer 404 otherwise. Multipart parsing is registered in
 * this plugin's scope only.
 */
import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { requirePrincipal } from '../../http/authenticate.js';
import { parsePage, setPaginationHeaders } from '../../http/pagination.js';
import { Message } from '../../http/schemas.js';
import { PREVIEWABLE } from './files/sniff.js';
import { makePreview, PREVIEW_WIDTHS } from './preview.js';
import type { AttachmentRow } from './repo.js';
import { type AttachmentsService, notMultipart, type UploadResult } from './service.js';

/** What these routes use, given by the composition root (context.ts). */
export interface AttachmentRoutesDeps {
  config: Config;
  attachments: AttachmentsService;
}

const TaskParams = Type.Object({ id: Type.Integer() });
const AttachmentParams = Type.Object({ id: Type.Integer(), attachment: Type.Integer() });

export async function attachmentRoutes(app: FastifyInstance, ctx: AttachmentRoutesDeps): Promise<void> {
  // Files over the configured size are reported per file (4012); far larger requests stop at
  // this cap with 413/4013.
  await app.register(multipart, {
    limits: { fileSize: ctx.config.maxFileSize + 2 * 1024 * 1024, files: 100, fields: 100 },
  });
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['attachments'];

  r.get(
    '/tasks/:id/attachments',
    { schema: { tags, summary: "A task's attachments", params: TaskParams } },
    async (request, reply) => {
      const page = parsePage(request.query as Record<string, unknown>, ctx.config.maxItemsPerPage);
      const { attachments, total } = await ctx.attachments.list(
        requirePrincipal(request).userId,
        request.params.id,
        page,
      );
      setPaginationHeaders(reply, page, attachments.length, total);
      return attachments;
    },
  );

  // Vikunja uploads with PUT; the spec's client posts.
  for (const method of ['PUT', 'POST'] as const) {
    r.route({
      method,
      url: '/tasks/:id/attachments',
      schema: { tags, summary: 'Upload files (multipart field "files", repeatable)', params: TaskParams },
      handler: async (request) => {
        const userId = requirePrincipal(request).userId;
        if (!request.isMultipart()) throw notMultipart();
        await ctx.attachments.demandUpload(userId, request.params.id);
        const result: UploadResult = { success: [], errors: [] };
        for await (const part of request.parts()) {
          if (part.type !== 'file') continue;
          if (part.fieldname !== 'files') {
            part.file.resume();
            continue;
          }
          await ctx.attachments.upload(userId, request.params.id, part, result);
        }
        return result;
      },
    });
  }

  r.get(
    '/tasks/:id/attachments/:attachment',
    {
      schema: {
        tags,
        summary: 'Download an attachment (optionally a PNG preview)',
        params: AttachmentParams,
      },
    },
    async (request, reply) => {
      const { id, attachment } = request.params;
      const row = await ctx.attachments.get(requirePrincipal(request).userId, id, attachment);
      const query = request.query as Record<string, unknown>;
      const width = PREVIEW_WIDTHS[String(query.preview_size ?? '')];
      if (width && PREVIEWABLE.has(row.file_mime)) {
        const preview = await makePreview(await ctx.attachments.open(row), width);
        if (preview) {
          return reply
            .header('content-type', 'image/png')
            .header('content-length', String(preview.length))
            .header('x-content-type-options', 'nosniff')
            .send(preview);
        }
      }
      return sendFile(request, reply, ctx, row);
    },
  );

  r.delete(
    '/tasks/:id/attachments/:attachment',
    {
      schema: { tags, summary: 'Delete an attachment', params: AttachmentParams, response: { 200: Message } },
    },
    async (request) => {
      const { id, attachment } = request.params;
      await ctx.attachments.delete(requirePrincipal(request).userId, id, attachment);
      return { message: 'Successfully deleted.' };
    },
  );
}

/** The file with download headers; honours If-Modified-Since and a single byte Range. */
async function sendFile(
  request: FastifyRequest,
  reply: FastifyReply,
  ctx: AttachmentRoutesDeps,
  row: AttachmentRow,
) {
  const size = Number(row.file_size);
  const modified = new Date(row.file_created);
  reply
    .header('content-type', row.file_mime || 'application/octet-stream')
    .header('content-disposition', contentDisposition(row.file_name))
    .header('last-modified', modified.toUTCString())
    .header('x-content-type-options', 'nosniff')
    .header('accept-ranges', 'bytes');
  const since = Date.parse(String(request.headers['if-modified-since'] ?? ''));
  if (!Number.isNaN(since) && Math.floor(modified.getTime() / 1000) <= Math.floor(since / 1000)) {
    return reply.status(304).send();
  }
  const range = parseRange(request.headers.range, size);
  if (range === 'invalid') {
    return reply
      .status(416)
      .header('content-range', `bytes */${size}`)
      .send({ message: 'Range Not Satisfiable' });
  }
  if (range) {
    return reply
      .status(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
      .header('content-length', String(range.end - range.start + 1))
      .send(await ctx.attachments.open(row, range));
  }
  return reply.header('content-length', String(size)).send(await ctx.attachments.open(row));
}

function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/** `bytes=a-b`, `bytes=a-` or `bytes=-n`; several ranges are answered with the whole file. */
function parseRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'invalid' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, a, b] = match;
  if (a === '' && b === '') return 'invalid';
  let start: number;
  let end: number;
  if (a === '') {
    start = Math.max(0, size - Number(b));
    end = size - 1;
  } else {
    start = Number(a);
    end = b === '' ? size - 1 : Math.min(Number(b), size - 1);
  }
  if (start > end || start >= size) return 'invalid';
  return { start, end };
}

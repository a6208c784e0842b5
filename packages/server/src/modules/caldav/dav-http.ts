/** Small helpers the /dav routes share: the signed-in user, request headers, multistatus answers. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { UserRow } from '../../db/schema.js';
import { ApiError } from '../../http/api-error.js';
import { type DavResponse, multistatus } from './dav-xml.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** The user a /dav request signed in as (routes.ts). */
    davUser: UserRow | null;
  }
}

export const XML = 'application/xml; charset=utf-8';

export function user(request: FastifyRequest): UserRow {
  if (!request.davUser) throw new ApiError(401, undefined, 'Unauthorized');
  return request.davUser;
}

export function depth(request: FastifyRequest): 0 | 1 {
  return request.headers.depth === '0' ? 0 : 1;
}

export function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

export const projectIdOf = (param: string) => (/^\d+$/.test(param) ? Number(param) : -1);

export function sendMultistatus(reply: FastifyReply, responses: DavResponse[]) {
  return reply.status(207).type(XML).send(multistatus(responses));
}

export function bodyText(request: FastifyRequest): string {
  return typeof request.body === 'string' ? request.body : '';
}

/**
 * The calendar's address as the request named it: a calendar a client made with MKCALENDAR is
 * answered under the name the client gave it, so the hrefs it gets back are under its own.
 */
export function collectionPath(request: FastifyRequest, canonical: string): string {
  const match = /^\/dav\/projects\/[^/?#]+/.exec(request.url);
  return match ? `${match[0]}/` : canonical;
}

/**
 * A body sent as multipart/form-data that cannot be read as one (no boundary, a boundary the
 * parser refuses, a part cut short): the client's mistake, a 400 like any other malformed body.
 * The multipart parser (busboy, through @fastify/multipart) reports these as plain errors with
 * no status, so they are recognised by their words; an upload stream torn down by such a part
 * ends in a premature close.
 */
import type { FastifyRequest } from 'fastify';
import { ApiError } from './api-error.js';

const parserFailures = [
  /^Multipart: Boundary not found/,
  /^Boundary required/,
  /terminated early due to unexpected end of multipart data/,
  /^Unexpected end of multipart data/,
  /^The needle /,
];

export function malformedMultipart(error: Error, request: FastifyRequest): ApiError | null {
  if (!request.isMultipart?.()) return null;
  const code = (error as { code?: string }).code;
  if (code !== 'ERR_STREAM_PREMATURE_CLOSE' && !parserFailures.some((p) => p.test(error.message)))
    return null;
  return new ApiError(
    400,
    2004,
    `Invalid model provided: a malformed multipart/form-data body (${error.message})`,
  );
}

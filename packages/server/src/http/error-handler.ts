/**
 * One place that turns every failure into the API's error shape. Bad input never becomes a 500
 * and no stack trace ever reaches a client.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ClientGoneError } from '../db/request-work.js';
import { ApiError, fail } from './api-error.js';
import { malformedMultipart } from './malformed-multipart.js';

interface AjvIssue {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
  data?: unknown;
  /** The schema holding the failed keyword; `minRunes` is the shortest text the field takes. */
  parentSchema?: { minRunes?: number };
}

function fieldName(issue: AjvIssue): string {
  const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (issue.keyword === 'required') {
    const missing = String(issue.params.missingProperty ?? '');
    return path ? `${path}.${missing}` : missing;
  }
  return path || '(body)';
}

/** Long values are cut in answers: a refused 500,000-character description need not come back. */
const ECHOED_VALUE_MAX = 1_000;

/** Vikunja-style validation text ("title: non zero value required"). */
function describe(issue: AjvIssue): string {
  const field = fieldName(issue);
  const text = typeof issue.data === 'string' ? issue.data : JSON.stringify(issue.data ?? '');
  const value = text.length > ECHOED_VALUE_MAX ? `${text.slice(0, ECHOED_VALUE_MAX)}…` : text;
  switch (issue.keyword) {
    case 'required':
      return `${field}: non zero value required`;
    case 'minLength':
      return issue.params.limit === 1
        ? `${field}: non zero value required`
        : `${field}: ${value} does not validate as runelength(${issue.params.limit}|…)`;
    case 'maxLength':
      return `${field}: ${value} does not validate as runelength(${issue.parentSchema?.minRunes ?? 0}|${issue.params.limit})`;
    case 'format':
      return `${field}: ${value} does not validate as ${issue.params.format}`;
    default:
      return `${field}: ${issue.message ?? 'is invalid'}`;
  }
}

function validationError(error: FastifyError): ApiError {
  const issues = (error.validation ?? []) as unknown as AjvIssue[];
  const context = (error as FastifyError & { validationContext?: string }).validationContext;
  // Lists are capped (bulk edits, label, assignee and reminder lists): 400 naming the cap.
  const tooMany = issues.find((i) => i.keyword === 'maxItems');
  if (tooMany) {
    const count = Array.isArray(tooMany.data) ? tooMany.data.length : 0;
    return fail('tooManyItems', [Number(tooMany.params.limit), fieldName(tooMany), count]);
  }
  // Wrong JSON types cannot be bound to the model: Vikunja answers 400/2004 for those and keeps
  // 412/2002 with invalid_fields for rule violations (length, format, range, required).
  const typeIssue = issues.find((i) => i.keyword === 'type');
  if (typeIssue || context === 'params') {
    const issue = typeIssue ?? issues[0];
    const detail = issue ? `${fieldName(issue)}: ${issue.message ?? 'is invalid'}` : error.message;
    return new ApiError(400, 2004, `Invalid model provided: ${detail}`);
  }
  return new ApiError(412, 2002, 'Invalid Data', { invalid_fields: issues.map(describe) });
}

function sizeText(bytes: number): string {
  if (bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MB`;
  if (bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes} bytes`;
}

/**
 * `bodyLimit`: the limit of the request's route, named when a JSON (or CalDAV) body is too large.
 * Uploads stream as multipart and keep Vikunja's 4013 for a file over the file size limit.
 */
export function toApiError(error: FastifyError | ApiError | Error, bodyLimit?: number): ApiError | null {
  if (error instanceof ApiError) return error;
  const fe = error as FastifyError;
  if (fe.validation) return validationError(fe);
  if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE' && bodyLimit !== undefined) {
    return fail('requestBodyTooLarge', [sizeText(bodyLimit)]);
  }
  if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || fe.statusCode === 413) {
    return new ApiError(413, 4013, 'The uploaded file exceeds the maximum configured file size');
  }
  if (
    fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
    fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
    error instanceof SyntaxError
  ) {
    return new ApiError(400, 2004, `Invalid model provided: ${error.message}`);
  }
  if (fe.statusCode === 429) return new ApiError(429, undefined, error.message);
  if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500)
    return new ApiError(fe.statusCode, undefined, error.message);
  return null;
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    // No one reads this answer; 499 ("client closed request") is what the log and the
    // Idempotency-Key record keep, and nothing was written.
    if (error instanceof ClientGoneError) {
      request.log.info(error.message);
      return reply.status(499).send({ message: error.message });
    }
    const apiError = toApiError(error, request.routeOptions.bodyLimit);
    if (apiError) {
      if (apiError.status === 429) {
        for (const h of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'retry-after']) {
          const v = reply.getHeader(h);
          if (v !== undefined) reply.header(h, v);
        }
      }
      for (const [name, value] of Object.entries(apiError.headers)) reply.header(name, value);
      // A server-side failure the client is told about in words (a directory that cannot be
      // reached, say) is still one the operator must be able to find.
      if (apiError.status >= 500) request.log.error({ err: apiError.cause ?? apiError }, apiError.message);
      return reply.status(apiError.status).send(apiError.toBody());
    }
    const malformed = malformedMultipart(error, request);
    if (malformed) return reply.status(malformed.status).send(malformed.toBody());
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Internal Server Error' });
  });
}

/**
 * One place that turns every failure into the API's error shape. Bad input never becomes a 500
 * and no stack trace ever reaches a client.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from './api-error.js';
import { malformedMultipart } from './malformed-multipart.js';

interface AjvIssue {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
  data?: unknown;
}

function fieldName(issue: AjvIssue): string {
  const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (issue.keyword === 'required') {
    const missing = String(issue.params.missingProperty ?? '');
    return path ? `${path}.${missing}` : missing;
  }
  return path || '(body)';
}

/** Vikunja-style validation text ("title: non zero value required"). */
function describe(issue: AjvIssue): string {
  const field = fieldName(issue);
  const value = typeof issue.data === 'string' ? issue.data : JSON.stringify(issue.data ?? '');
  switch (issue.keyword) {
    case 'required':
      return `${field}: non zero value required`;
    case 'minLength':
      return issue.params.limit === 1
        ? `${field}: non zero value required`
        : `${field}: ${value} does not validate as runelength(${issue.params.limit}|…)`;
    case 'maxLength':
      return `${field}: ${value} does not validate as runelength(…|${issue.params.limit})`;
    case 'format':
      return `${field}: ${value} does not validate as ${issue.params.format}`;
    default:
      return `${field}: ${issue.message ?? 'is invalid'}`;
  }
}

function validationError(error: FastifyError): ApiError {
  const issues = (error.validation ?? []) as unknown as AjvIssue[];
  const context = (error as FastifyError & { validationContext?: string }).validationContext;
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

export function toApiError(error: FastifyError | ApiError | Error): ApiError | null {
  if (error instanceof ApiError) return error;
  const fe = error as FastifyError;
  if (fe.validation) return validationError(fe);
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
    const apiError = toApiError(error);
    if (apiError) {
      if (apiError.status === 429) {
        for (const h of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset', 'retry-after']) {
          const v = reply.getHeader(h);
          if (v !== undefined) reply.header(h, v);
        }
      }
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

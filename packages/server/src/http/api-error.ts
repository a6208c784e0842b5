/**
 * Errors a service throws. The error handler turns them into the wire shape
 * `{code, message}` (domain errors) or `{message}` (framework-level errors) with their status.
 */
import { type ErrorKey, errorCatalogue, formatCatalogueMessage } from '@ordo/core';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | undefined,
    message: string,
    readonly extra: Record<string, unknown> = {},
    /** Response headers that belong to the error, such as Retry-After. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  toBody(): Record<string, unknown> {
    return this.code === undefined
      ? { message: this.message, ...this.extra }
      : { code: this.code, message: this.message, ...this.extra };
  }
}

/** A catalogue error, with `%s` placeholders filled from `params`. */
export function fail(
  key: ErrorKey,
  params: (string | number)[] = [],
  extra: Record<string, unknown> = {},
): ApiError {
  const entry = errorCatalogue[key];
  return new ApiError(entry.status, entry.code, formatCatalogueMessage(entry.message, params), extra);
}

/** A framework-level error without a code, e.g. `400 {"message":"Bad page requested."}`. */
export function httpError(status: number, message: string): ApiError {
  return new ApiError(status, undefined, message);
}

/** 412 with code 2002 and the offending fields, as the generic handler's validation does. */
export function invalidFields(fields: string[]): ApiError {
  return new ApiError(412, 2002, 'Invalid Data', { invalid_fields: fields });
}

/**
 * 429 for a client that must wait after failed sign-ins, worded as the route rate limit's answer
 * and with Retry-After in whole seconds.
 */
export function throttled(waitMs: number): ApiError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new ApiError(
    429,
    undefined,
    `Too many failed attempts. Please wait ${seconds} seconds and try again.`,
    {},
    { 'retry-after': String(seconds) },
  );
}

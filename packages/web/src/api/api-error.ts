/** What a failed API call throws: the HTTP status and, for domain errors, the catalogue code. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: number | undefined,
    message: string,
    readonly invalidFields: string[] = [],
    /** The whole error answer, camel-cased (a conflict's current task, for one). */
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

/** The server could not be reached at all (offline, wrong address, CORS). */
export class ApiUnreachableError extends Error {
  constructor(
    readonly url: string,
    cause: unknown,
  ) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'ApiUnreachableError';
  }
}

export function isApiRequestError(error: unknown): error is ApiRequestError {
  return error instanceof ApiRequestError;
}

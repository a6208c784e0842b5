/**
 * The one place that talks HTTP to the API (spec 1 §7): JSON bodies in snake_case, a Bearer token
 * when there is one, camelCase answers, and errors as ApiRequestError with status and code. A busy
 * server's 503 is tried again after the wait it asks for (busy-retry.ts).
 */
import { TAB_HEADER } from '@ordo/core';
import { ApiRequestError, ApiUnreachableError } from './api-error';
import { getApiUrl } from './api-url';
import { getToken } from './auth-token';
import { sendUnlessBusy } from './busy-retry';
import { toCamel, toCamelKeyedByData, toSnake } from './case-conversion';
import { KeepaliveQuota } from './keepalive-quota';
import { TAB_ID } from './tab-id';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

let onUnauthorized: () => void = () => {};

/** Called when the server rejects our token (401): the session has ended elsewhere. */
export function setUnauthorizedHandler(handler: () => void): void {
  onUnauthorized = handler;
}

type RequestOptions = {
  body?: unknown;
  baseUrl?: string;
  signal?: AbortSignal;
  /** The answer's own keys are data (a reaction map), not field names: they are kept. */
  keyedByData?: boolean;
  /** Extra request headers (If-Match, Idempotency-Key). */
  headers?: Record<string, string>;
  /** Never taken into the offline outbox (the outbox's own replay). */
  direct?: boolean;
  /**
   * The resource as the caller had it when making this change (a task's update): a write that
   * has to wait is then sent as its changes on top of the server's copy, not as the whole of it.
   */
  base?: unknown;
};

/** Task writes that can wait for the network (app/offline/outbox.ts). */
export interface OfflineWrites {
  /** Can this write wait? Such writes carry an Idempotency-Key from their first attempt. */
  accepts: (method: Method, path: string, body: unknown) => boolean;
  /** Keeps the write for later and answers as the server would have. */
  capture: (
    method: Method,
    path: string,
    body: unknown,
    headers: Record<string, string>,
    base?: unknown,
  ) => unknown;
  newKey: () => string;
  /**
   * Keeps the write on the device while it is on its way, so a reload or a closed tab does not
   * lose it (resolved once kept); the function it gives forgets it once the server has answered.
   */
  track: (
    method: Method,
    path: string,
    body: unknown,
    headers: Record<string, string>,
    base?: unknown,
  ) => Promise<() => void>;
}

let offlineWrites: OfflineWrites | null = null;

/** A path naming a task or label made offline, which has a negative id until the server has made it. */
const TEMPORARY_ID = /\/-\d+(\/|$)/;

/** Whether a write names a task or label made offline: in its path, or in its body as the other end. */
function namesItemMadeOffline(path: string, body: unknown): boolean {
  const { labelId, otherTaskId } = (body ?? {}) as { labelId?: unknown; otherTaskId?: unknown };
  const temporary = (id: unknown) => typeof id === 'number' && id < 0;
  return TEMPORARY_ID.test(path) || temporary(labelId) || temporary(otherTaskId);
}

/** Task writes go as keepalive requests, which the browser finishes when the page goes. */
const keepaliveQuota = new KeepaliveQuota();

export function setOfflineWrites(handler: OfflineWrites | null): void {
  offlineWrites = handler;
}

export async function apiRequest<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  return (await apiRequestWithHeaders<T>(method, path, options)).data;
}

/** Like apiRequest, with the response headers (pagination counts, `x-max-right`). */
export async function apiRequestWithHeaders<T>(
  method: Method,
  path: string,
  options: RequestOptions = {},
): Promise<{ data: T; headers: Headers }> {
  const base = options.baseUrl ?? getApiUrl();
  if (!base) throw new ApiUnreachableError('', new Error('No API URL configured'));
  const token = getToken();
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const outbox =
    method !== 'GET' && !options.direct && offlineWrites?.accepts(method, path, options.body)
      ? offlineWrites
      : null;
  // Kept from the first attempt, so the outbox's replay of a write that did arrive is not done twice.
  if (outbox) headers['Idempotency-Key'] ??= outbox.newKey();
  const { Accept: _, 'Content-Type': __, ...own } = headers;
  const wait = () => ({
    data: outbox?.capture(method, path, options.body, own, options.base) as T,
    headers: new Headers(),
  });
  // A write naming a task or label made offline waits behind its create, whose replay names it.
  if (outbox && (!navigator.onLine || namesItemMadeOffline(path, options.body))) return wait();
  const settle = outbox ? await outbox.track(method, path, options.body, own, options.base) : null;
  if (token) headers.Authorization = `Bearer ${token}`;
  if (method !== 'GET') headers[TAB_HEADER] = TAB_ID;
  const url = `${base}${path}`;
  const body = options.body === undefined ? undefined : JSON.stringify(toSnake(options.body));
  const size = outbox && body ? new Blob([body]).size : 0;
  const keepalive = outbox !== null && keepaliveQuota.take(size);
  let response: Response;
  try {
    response = await sendUnlessBusy(
      () => fetch(url, { method, headers, body, signal: options.signal, keepalive }),
      options.signal,
    );
  } catch (error) {
    settle?.();
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    if (outbox) return wait();
    throw new ApiUnreachableError(url, error);
  } finally {
    if (keepalive) keepaliveQuota.give(size);
  }
  settle?.();
  const text = await response.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      // Not JSON: an HTML page from something that is not Ordo's API (wrong address).
      if (response.ok) throw new ApiUnreachableError(url, new Error('The answer is not JSON'));
    }
  }
  if (!response.ok) {
    const error = requestError(response, data);
    if (response.status === 401 && token && token === getToken()) onUnauthorized();
    throw error;
  }
  const converted = options.keyedByData ? toCamelKeyedByData<T>(data) : toCamel<T>(data);
  return { data: converted, headers: response.headers };
}

/** A failed answer as the error it throws: status, catalogue code, message and the whole answer. */
function requestError(response: Response, data: unknown): ApiRequestError {
  const body = (data ?? {}) as { code?: unknown; message?: unknown; invalid_fields?: unknown };
  return new ApiRequestError(
    response.status,
    typeof body.code === 'number' ? body.code : undefined,
    typeof body.message === 'string' ? body.message : response.statusText,
    Array.isArray(body.invalid_fields) ? body.invalid_fields.map(String) : [],
    toCamel(data),
  );
}

/**
 * A request whose body or answer is not JSON (multipart uploads, file downloads, images), with the
 * session token; a failed answer throws ApiRequestError like apiRequest.
 */
export async function apiFetch(path: string, init: RequestInit = {}): Promise<Response> {
  const base = getApiUrl();
  if (!base) throw new ApiUnreachableError('', new Error('No API URL configured'));
  const token = getToken();
  const url = `${base}${path}`;
  let response: Response;
  try {
    const headers = {
      ...(init.headers as Record<string, string>),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(init.method && init.method !== 'GET' ? { [TAB_HEADER]: TAB_ID } : {}),
    };
    response = await sendUnlessBusy(() => fetch(url, { ...init, headers }), init.signal);
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiUnreachableError(url, error);
  }
  if (!response.ok) {
    // The whole answer as apiRequest keeps it: an upload's refusal may say more than its message.
    const error = requestError(response, await response.json().catch(() => ({})));
    if (response.status === 401 && token && token === getToken()) onUnauthorized();
    throw error;
  }
  return response;
}

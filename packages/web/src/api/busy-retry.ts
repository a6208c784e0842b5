/**
 * A server that is saturated answers 503 with Retry-After before doing any of the request's work
 * (server http/load-shedding.ts), so trying again later is safe for every method. The client waits
 * as told (at most MAX_WAIT_MS, in case a proxy asks for minutes) and tries up to MAX_RETRIES more
 * times before it shows the user the server's "too busy" message.
 */
export const MAX_RETRIES = 3;
export const MAX_WAIT_MS = 10_000;

/** The wait a busy answer asks for, in ms; null when the answer is not a busy one. */
export function busyWait(response: Response): number | null {
  if (response.status !== 503) return null;
  const header = response.headers.get('retry-after');
  if (header === null) return null;
  const seconds = Number(header);
  // Retry-After may also be an HTTP date.
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now();
  if (!Number.isFinite(ms)) return null;
  return Math.min(Math.max(ms, 0), MAX_WAIT_MS);
}

function pause(ms: number, signal?: AbortSignal | null): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', stop, { once: true });
  });
}

/** Sends until the answer is not a busy one, or the retries are spent (the last answer is returned). */
export async function sendUnlessBusy(
  send: () => Promise<Response>,
  signal?: AbortSignal | null,
  wait: (ms: number, signal?: AbortSignal | null) => Promise<void> = pause,
): Promise<Response> {
  let response = await send();
  for (let retry = 0; retry < MAX_RETRIES; retry++) {
    const ms = busyWait(response);
    if (ms === null) break;
    await wait(ms, signal);
    response = await send();
  }
  return response;
}

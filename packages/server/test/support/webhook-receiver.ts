/**
 * A real HTTP server that webhooks are delivered to: it keeps every request (headers and the raw
 * body) and answers with the statuses it is told, 200 once those run out.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  path: string;
  headers: IncomingHttpHeaders;
  raw: string;
  // biome-ignore lint/suspicious/noExplicitAny: the payload's parts are what the tests assert on
  json: { event_name: string; time: string; data: Record<string, any> };
}

export interface WebhookReceiver {
  url: string;
  received: Received[];
  /** Answers the next requests with these statuses (then 200 again). */
  answerWith(...statuses: number[]): void;
  /** Delays every answer by this long. */
  delayAnswers(ms: number): void;
  /** The first request (counting from `from`) with this event, waiting up to `timeoutMs`. */
  next(event: string, from?: number, timeoutMs?: number): Promise<Received>;
  close(): Promise<void>;
}

export async function startWebhookReceiver(): Promise<WebhookReceiver> {
  const received: Received[] = [];
  const statuses: number[] = [];
  let delay = 0;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (c: Buffer) => chunks.push(c));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      received.push({ path: request.url ?? '', headers: request.headers, raw, json: JSON.parse(raw) });
      setTimeout(() => {
        response.statusCode = statuses.shift() ?? 200;
        response.end('ok');
      }, delay);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answerWith: (...s) => statuses.push(...s),
    delayAnswers: (ms) => {
      delay = ms;
    },
    async next(event, from = 0, timeoutMs = 5_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const hit = received.slice(from).find((r) => r.json.event_name === event);
        if (hit) return hit;
        if (Date.now() > deadline) {
          const seen = received.slice(from).map((r) => r.json.event_name);
          throw new Error(
            `no ${event} webhook arrived within ${timeoutMs} ms (got ${seen.join(', ') || 'nothing'})`,
          );
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

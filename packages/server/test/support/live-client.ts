/**
 * A real WebSocket client (ws) for the live endpoint: frames arrive in a queue the test reads in
 * order, and the close code and reason are kept.
 */
import { WebSocket } from 'ws';

export class LiveClient {
  readonly frames: unknown[] = [];
  /** The headers of the 101 answer. */
  headers: Record<string, string | string[] | undefined> = {};
  pings = 0;
  closed: Promise<{ code: number; reason: string }>;
  #waiters: (() => void)[] = [];

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      this.frames.push(JSON.parse(data.toString()));
      for (const wake of this.#waiters.splice(0)) wake();
    });
    socket.on('ping', () => {
      this.pings++;
    });
    this.closed = new Promise((resolve) =>
      socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
  }

  /** Opens a socket; rejects with the HTTP status when the upgrade is refused. */
  static open(url: string, options: { origin?: string; autoPong?: boolean } = {}): Promise<LiveClient> {
    const socket = new WebSocket(url, {
      ...(options.origin ? { origin: options.origin } : {}),
      autoPong: options.autoPong ?? true,
    });
    let headers: LiveClient['headers'] = {};
    socket.once('upgrade', (res) => {
      headers = res.headers;
    });
    return new Promise((resolve, reject) => {
      socket.once('open', () => {
        const client = new LiveClient(socket);
        client.headers = headers;
        resolve(client);
      });
      socket.once('unexpected-response', (_req, res) => {
        const remaining = res.headers['x-ratelimit-remaining'];
        reject(
          new Error(
            `upgrade refused: ${res.statusCode}${remaining === undefined ? '' : ` (remaining ${remaining})`}`,
          ),
        );
        socket.terminate();
      });
      socket.once('error', reject);
    });
  }

  send(frame: unknown): void {
    this.socket.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** The next frame not read yet, waiting up to `ms`. */
  async next(ms = 5_000): Promise<unknown> {
    const deadline = Date.now() + ms;
    while (this.frames.length === 0) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('no frame arrived');
      await new Promise<void>((wake) => {
        const timer = setTimeout(wake, left);
        this.#waiters.push(() => {
          clearTimeout(timer);
          wake();
        });
      });
    }
    return this.frames.shift();
  }

  /** Signs in and waits for auth.success. */
  async auth(token: string): Promise<void> {
    this.send({ action: 'auth', token });
    const answer = await this.next();
    if (JSON.stringify(answer) !== '{"action":"auth.success","success":true}') {
      throw new Error(`auth failed: ${JSON.stringify(answer)}`);
    }
  }

  /** Frames arriving within `ms` (none expected, usually). */
  async within(ms: number): Promise<unknown[]> {
    await new Promise((r) => setTimeout(r, ms));
    return this.frames.splice(0);
  }

  close(): void {
    this.socket.terminate();
  }
}

/**
 * One live socket's side of the protocol (reference §6.2): the token must come within the auth
 * timeout, then the socket subscribes to events; the server pings on an interval and gives a
 * write the write timeout. Frames are handled one after another, so an `auth` followed at once
 * by a `subscribe` is answered in that order.
 */
import { isLiveEvent, type LiveEvent, type LivePush, liveAnswers, readLiveClientFrame } from '@ordo/core';
import type { WebSocket } from 'ws';

export interface LiveTimings {
  /** Time for the `auth` frame before the socket is closed (30 s). */
  authTimeoutMs: number;
  /** The server pings this often; a socket that did not answer the last ping is dropped (30 s). */
  pingIntervalMs: number;
  /** A frame not written within this is given up with the socket (10 s). */
  writeTimeoutMs: number;
}

export const LIVE_TIMINGS: LiveTimings = {
  authTimeoutMs: 30_000,
  pingIntervalMs: 30_000,
  writeTimeoutMs: 10_000,
};

/** WebSocket close code 1008 "policy violation". */
const POLICY_VIOLATION = 1008;

export interface LiveIdentity {
  userId: number;
  sessionId: string;
}

export interface LiveConnectionDeps {
  /** The user behind a session JWT, or null (anything else, expired, session ended). */
  authenticate(token: string): Promise<LiveIdentity | null>;
  /** The socket is signed in: it may now hear pushes. */
  joined(connection: LiveConnection): void;
  /** The socket closed. */
  left(connection: LiveConnection): void;
  timings: LiveTimings;
}

export class LiveConnection {
  identity: LiveIdentity | null = null;
  readonly #events = new Set<LiveEvent>();
  #queue: Promise<void> = Promise.resolve();
  #answeredPing = true;
  #closed = false;
  readonly #authTimer: NodeJS.Timeout;
  readonly #pingTimer: NodeJS.Timeout;

  constructor(
    private readonly socket: WebSocket,
    private readonly deps: LiveConnectionDeps,
  ) {
    const { timings } = deps;
    this.#authTimer = setTimeout(() => {
      if (!this.identity) this.close('auth timeout');
    }, timings.authTimeoutMs);
    this.#pingTimer = setInterval(() => this.#ping(), timings.pingIntervalMs);
    socket.on('pong', () => {
      this.#answeredPing = true;
    });
    socket.on('message', (data, isBinary) => {
      if (isBinary) return;
      const frame = readLiveClientFrame(data.toString());
      if (frame)
        this.#queue = this.#queue.then(() => this.#handle(frame)).catch(() => this.socket.terminate());
    });
    socket.on('close', () => this.#ended());
  }

  /** Subscribed to `event` and signed in. */
  hears(event: LiveEvent): boolean {
    return this.identity !== null && !this.#closed && this.#events.has(event);
  }

  push(message: LivePush): void {
    this.#send(message);
  }

  /** Closes with policy violation and the reason given (auth timeout, invalid token, session ended). */
  close(reason: string): void {
    if (this.#closed) return;
    this.#closed = true;
    this.socket.close(POLICY_VIOLATION, reason);
  }

  async #handle(frame: NonNullable<ReturnType<typeof readLiveClientFrame>>): Promise<void> {
    if (this.#closed) return;
    if (frame.action === 'auth') {
      if (this.identity) return this.#send(liveAnswers.alreadyAuthenticated);
      const identity = frame.token ? await this.deps.authenticate(frame.token) : null;
      if (this.#closed) return;
      if (!identity) {
        this.#send(liveAnswers.invalidToken);
        return this.close('invalid token');
      }
      clearTimeout(this.#authTimer);
      this.identity = identity;
      this.deps.joined(this);
      return this.#send(liveAnswers.authSuccess);
    }
    if (!this.identity) return this.#send(liveAnswers.authRequired);
    if (!isLiveEvent(frame.event)) return this.#send(liveAnswers.invalidEvent(frame.event));
    if (frame.action === 'subscribe') this.#events.add(frame.event);
    else this.#events.delete(frame.event);
  }

  #send(message: object): void {
    if (this.socket.readyState !== this.socket.OPEN) return;
    this.#written((done) => this.socket.send(JSON.stringify(message), done));
  }

  #ping(): void {
    if (!this.#answeredPing) {
      this.socket.terminate();
      return;
    }
    this.#answeredPing = false;
    if (this.socket.readyState === this.socket.OPEN)
      this.#written((done) => this.socket.ping(undefined, undefined, done));
  }

  /** A write that has not reached the network within the write timeout ends the socket. */
  #written(write: (done: (error?: Error) => void) => void): void {
    const timer = setTimeout(() => this.socket.terminate(), this.deps.timings.writeTimeoutMs);
    write((error) => {
      clearTimeout(timer);
      if (error) this.socket.terminate();
    });
  }

  #ended(): void {
    this.#closed = true;
    clearTimeout(this.#authTimer);
    clearInterval(this.#pingTimer);
    if (this.identity) this.deps.left(this);
  }
}

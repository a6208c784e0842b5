/**
 * One live socket's side of the protocol (reference §6.2): the token must come within the auth
 * timeout, then the socket subscribes to events; the server pings on an interval and gives a
 * write the write timeout. Frames are handled one after another, so an `auth` followed at once
 * by a `subscribe` is answered in that order.
 */
import {
  isLiveEvent,
  isLiveTopic,
  isPresencePlace,
  type LiveEvent,
  type LiveTopic,
  liveAnswers,
  liveTopicAnswers,
  PRESENCE_TOPIC,
  presenceAnswers,
  readLiveClientFrame,
} from '@ordo/core';
import type { WebSocket } from 'ws';

export interface LiveTimings {
  /** Time for the `auth` frame before the socket is closed (30 s). */
  authTimeoutMs: number;
  /** The server pings this often; a socket that did not answer the last ping is dropped (30 s). */
  pingIntervalMs: number;
  /** A frame not written within this is given up with the socket (10 s). */
  writeTimeoutMs: number;
  /** Subscriptions (events and topics together) one socket may hold; more are refused. */
  maxSubscriptions: number;
  /**
   * Frames a socket may send: a burst of this many, refilled at `framesPerSecond`. A client that
   * opens a board subscribes a handful of topics; one that sends far more floods, and is closed
   * so that it cannot slow the process for everybody else.
   */
  frameBurst: number;
  framesPerSecond: number;
}

export const LIVE_TIMINGS: LiveTimings = {
  authTimeoutMs: 30_000,
  pingIntervalMs: 30_000,
  writeTimeoutMs: 10_000,
  maxSubscriptions: 200,
  frameBurst: 60,
  framesPerSecond: 20,
};

/** WebSocket close code 1008 "policy violation". */
const POLICY_VIOLATION = 1008;

export interface LiveIdentity {
  userId: number;
  sessionId: string;
}

/** The change topics (live-changes.ts); without them a socket knows only the Vikunja events. */
export interface LiveTopicDeps {
  /** Answers the refusal to send, or null once subscribed. */
  subscribeProject(connection: LiveConnection, projectId: number): Promise<object | null>;
  unsubscribeProject(connection: LiveConnection, projectId: number): void;
  subscribeTree(connection: LiveConnection): void;
  unsubscribeTree(connection: LiveConnection): void;
  /** Presence (presence.ts): false when the user cannot read the project. */
  enterPlace(connection: LiveConnection, projectId: number, place: string): Promise<boolean>;
  leavePlace(connection: LiveConnection, projectId: number, place: string): void;
  left(connection: LiveConnection): void;
}

export interface LiveConnectionDeps {
  /** The user behind a session JWT, or null (anything else, expired, session ended). */
  authenticate(token: string): Promise<LiveIdentity | null>;
  /** The socket is signed in: it may now hear pushes. */
  joined(connection: LiveConnection): void;
  /** The socket closed. */
  left(connection: LiveConnection): void;
  timings: LiveTimings;
  topics?: LiveTopicDeps;
}

export class LiveConnection {
  identity: LiveIdentity | null = null;
  readonly #events = new Set<LiveEvent>();
  readonly #projects = new Set<number>();
  /** Places this socket is at (presence), as `<project id>|<place>`. */
  readonly #places = new Set<string>();
  #tree = false;
  #budget: number;
  #budgetAt = Date.now();
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
    this.#budget = timings.frameBurst;
    this.#authTimer = setTimeout(() => {
      if (!this.identity) this.close('auth timeout');
    }, timings.authTimeoutMs);
    this.#pingTimer = setInterval(() => this.#ping(), timings.pingIntervalMs);
    socket.on('pong', () => {
      this.#answeredPing = true;
    });
    socket.on('message', (data, isBinary) => {
      if (!this.#spend()) return this.close('rate limit exceeded');
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

  /** Sends a pushed event (a notification, a change). */
  push(message: { event: string; data: unknown }): void {
    this.#send(message);
  }

  /** The projects whose changes this socket hears. */
  projects(): ReadonlySet<number> {
    return this.#projects;
  }

  /** The server ended the subscription (access revoked). */
  forgetProject(projectId: number): void {
    this.#projects.delete(projectId);
    for (const key of this.#places) if (key.startsWith(`${projectId}|`)) this.#places.delete(key);
  }

  get subscriptions(): number {
    return this.#events.size + this.#projects.size + this.#places.size + (this.#tree ? 1 : 0);
  }

  /** One frame's share of the budget; false once the socket has sent more than it may. */
  #spend(): boolean {
    const now = Date.now();
    const { frameBurst, framesPerSecond } = this.deps.timings;
    this.#budget = Math.min(frameBurst, this.#budget + ((now - this.#budgetAt) / 1000) * framesPerSecond);
    this.#budgetAt = now;
    this.#budget -= 1;
    return this.#budget >= 0;
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
    if (isLiveTopic(frame.event) && this.deps.topics)
      return this.#topic(frame, frame.event, this.deps.topics);
    if (!isLiveEvent(frame.event)) return this.#send(liveAnswers.invalidEvent(frame.event));
    if (frame.action === 'subscribe') {
      if (!this.#events.has(frame.event) && this.subscriptions >= this.deps.timings.maxSubscriptions)
        return this.#send(liveTopicAnswers.tooMany(this.deps.timings.maxSubscriptions));
      this.#events.add(frame.event);
    } else this.#events.delete(frame.event);
  }

  async #topic(
    frame: { action: 'subscribe' | 'unsubscribe'; project_id?: unknown; place?: unknown },
    topic: LiveTopic,
    topics: LiveTopicDeps,
  ): Promise<void> {
    const subscribe = frame.action === 'subscribe';
    if (topic === PRESENCE_TOPIC) return this.#presence(frame, subscribe, topics);
    if (topic === 'projects.changes') {
      if (!subscribe) {
        this.#tree = false;
        return topics.unsubscribeTree(this);
      }
      if (!this.#tree && this.subscriptions >= this.deps.timings.maxSubscriptions)
        return this.#send(liveTopicAnswers.tooMany(this.deps.timings.maxSubscriptions));
      this.#tree = true;
      topics.subscribeTree(this);
      return this.#send(liveTopicAnswers.subscribed(topic));
    }
    const projectId = frame.project_id;
    if (typeof projectId !== 'number' || !Number.isSafeInteger(projectId) || projectId <= 0)
      return this.#send(liveTopicAnswers.invalidProject(topic));
    if (!subscribe) {
      this.#projects.delete(projectId);
      return topics.unsubscribeProject(this, projectId);
    }
    if (!this.#projects.has(projectId) && this.subscriptions >= this.deps.timings.maxSubscriptions)
      return this.#send(liveTopicAnswers.tooMany(this.deps.timings.maxSubscriptions));
    const refused = await topics.subscribeProject(this, projectId);
    if (refused) return this.#send(refused);
    this.#projects.add(projectId);
    // Closed while the rights were read: the subscription just made goes with it.
    if (this.#closed) return topics.left(this);
    this.#send(liveTopicAnswers.subscribed(topic, projectId));
  }

  async #presence(
    frame: { project_id?: unknown; place?: unknown },
    enter: boolean,
    topics: LiveTopicDeps,
  ): Promise<void> {
    const projectId = frame.project_id;
    if (typeof projectId !== 'number' || !Number.isSafeInteger(projectId) || projectId <= 0)
      return this.#send(liveTopicAnswers.invalidProject(PRESENCE_TOPIC));
    const place = frame.place;
    if (!isPresencePlace(place)) return this.#send(presenceAnswers.invalidPlace);
    const key = `${projectId}|${place}`;
    if (!enter) {
      this.#places.delete(key);
      return topics.leavePlace(this, projectId, place);
    }
    if (!this.#projects.has(projectId)) return this.#send(presenceAnswers.watchFirst(projectId));
    if (!this.#places.has(key) && this.subscriptions >= this.deps.timings.maxSubscriptions)
      return this.#send(liveTopicAnswers.tooMany(this.deps.timings.maxSubscriptions));
    if (!(await topics.enterPlace(this, projectId, place)))
      return this.#send({ ...liveTopicAnswers.forbidden(projectId), event: PRESENCE_TOPIC });
    this.#places.add(key);
    // Closed while the rights were read: leave again at once.
    if (this.#closed) return topics.left(this);
    this.#send(presenceAnswers.entered(projectId, place));
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
    if (this.identity) {
      this.deps.left(this);
      this.deps.topics?.left(this);
    }
  }
}

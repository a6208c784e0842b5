/**
 * Who has a task or a board open (core's live/presence.ts): the sockets of this process at each
 * place, and what the other processes said of theirs, merged into one list per place and pushed to
 * everyone there whenever it changes.
 *
 * Across processes and instances, presence travels on the live channel (channel.ts) as a place's
 * whole list of user ids in one process, sent when it changes and again every REFRESH_MS; a
 * process that stops saying so (killed, cut off) drops out after EXPIRE_MS. Only ids travel: the
 * names are read here, once per push, in one query for every place pushed together.
 *
 * Entering needs the read right on the project, read as the subscription to its changes reads it;
 * a socket whose access ends (live-changes.ts) is taken out of the project's places.
 */
import { randomUUID } from 'node:crypto';
import { type LivePresencePush, PRESENCE_TOPIC, type PresentUser } from '@ordo/core';
import type { LiveChannel, PresenceReport } from './channel.js';
import type { LiveConnection } from './connection.js';

const REFRESH_MS = 15_000;
const EXPIRE_MS = 40_000;
/** Enter/leave bursts (a board and its task opening together) are pushed as one. */
const PUSH_DELAY_MS = 30;

type PlaceKey = string;
const keyOf = (projectId: number, place: string): PlaceKey => `${projectId}|${place}`;
function fromKey(key: PlaceKey): { projectId: number; place: string } {
  const bar = key.indexOf('|');
  return { projectId: Number(key.slice(0, bar)), place: key.slice(bar + 1) };
}

export interface LivePresenceDeps {
  canRead(userId: number, projectId: number): Promise<boolean>;
  users(ids: readonly number[]): Promise<PresentUser[]>;
  channel: LiveChannel;
  warn(message: string): void;
}

export class LivePresence {
  readonly #origin = randomUUID();
  /** Sockets of this process at each place. */
  readonly #here = new Map<PlaceKey, Set<LiveConnection>>();
  /** Other processes' users at each place, by process, until their report expires. */
  readonly #elsewhere = new Map<PlaceKey, Map<string, { userIds: number[]; until: number }>>();
  readonly #changed = new Set<PlaceKey>();
  #timer: NodeJS.Timeout | null = null;
  readonly #refresh: NodeJS.Timeout;

  constructor(private readonly deps: LivePresenceDeps) {
    this.#refresh = setInterval(() => this.#refreshReports(), REFRESH_MS);
    this.#refresh.unref();
  }

  /** Answers true once the socket is at the place, false when its user cannot read the project. */
  async enter(connection: LiveConnection, projectId: number, place: string): Promise<boolean> {
    const userId = connection.identity?.userId;
    if (userId === undefined || !(await this.deps.canRead(userId, projectId))) return false;
    const key = keyOf(projectId, place);
    const sockets = this.#here.get(key) ?? new Set<LiveConnection>();
    sockets.add(connection);
    this.#here.set(key, sockets);
    this.#localChange(key);
    return true;
  }

  leave(connection: LiveConnection, projectId: number, place: string): void {
    const key = keyOf(projectId, place);
    const sockets = this.#here.get(key);
    if (!sockets?.delete(connection)) return;
    if (sockets.size === 0) this.#here.delete(key);
    this.#localChange(key);
  }

  /** The socket closed, or lost access to a project (then only that project's places). */
  leaveAll(connection: LiveConnection, projectId?: number): void {
    for (const [key, sockets] of [...this.#here]) {
      if (!sockets.has(connection)) continue;
      if (projectId !== undefined && fromKey(key).projectId !== projectId) continue;
      const { projectId: project, place } = fromKey(key);
      this.leave(connection, project, place);
    }
  }

  /** Reports from the other processes (channel.ts). */
  heard(reports: readonly PresenceReport[]): void {
    const now = Date.now();
    for (const report of reports) {
      if (report.origin === this.#origin) continue;
      const key = keyOf(report.projectId, report.place);
      const byOrigin = this.#elsewhere.get(key) ?? new Map();
      const before = byOrigin.get(report.origin)?.userIds.join() ?? '';
      if (report.userIds.length === 0) byOrigin.delete(report.origin);
      else byOrigin.set(report.origin, { userIds: report.userIds, until: now + EXPIRE_MS });
      if (byOrigin.size === 0) this.#elsewhere.delete(key);
      else this.#elsewhere.set(key, byOrigin);
      if (before !== report.userIds.join()) this.#schedulePush(key);
    }
  }

  stop(): void {
    clearInterval(this.#refresh);
    if (this.#timer) clearTimeout(this.#timer);
  }

  #localChange(key: PlaceKey): void {
    this.deps.channel.announce({ presence: [this.#report(key)] });
    this.#schedulePush(key);
  }

  #report(key: PlaceKey): PresenceReport {
    const userIds = [...new Set([...(this.#here.get(key) ?? [])].flatMap((s) => s.identity?.userId ?? []))];
    return { ...fromKey(key), origin: this.#origin, userIds };
  }

  /** Says again what is here (so the others keep it), and drops what others stopped saying. */
  #refreshReports(): void {
    if (this.#here.size > 0)
      this.deps.channel.announce({ presence: [...this.#here.keys()].map((k) => this.#report(k)) });
    const now = Date.now();
    for (const [key, byOrigin] of this.#elsewhere) {
      const before = byOrigin.size;
      for (const [origin, seen] of byOrigin) if (seen.until <= now) byOrigin.delete(origin);
      if (byOrigin.size === 0) this.#elsewhere.delete(key);
      // Only a process that dropped out changes who is there.
      if (byOrigin.size !== before) this.#schedulePush(key);
    }
  }

  #schedulePush(key: PlaceKey): void {
    if (!this.#here.has(key)) return;
    this.#changed.add(key);
    this.#timer ??= setTimeout(() => {
      this.#timer = null;
      const keys = [...this.#changed];
      this.#changed.clear();
      this.#push(keys).catch((error: Error) =>
        this.deps.warn(`presence could not be pushed: ${error.message}`),
      );
    }, PUSH_DELAY_MS);
    this.#timer.unref();
  }

  async #push(keys: readonly PlaceKey[]): Promise<void> {
    const idsAt = new Map<PlaceKey, number[]>();
    for (const key of keys) {
      const ids = new Set(this.#report(key).userIds);
      for (const seen of this.#elsewhere.get(key)?.values() ?? []) for (const id of seen.userIds) ids.add(id);
      idsAt.set(
        key,
        [...ids].sort((a, b) => a - b),
      );
    }
    const users = new Map(
      (await this.deps.users([...new Set([...idsAt.values()].flat())])).map((u) => [u.id, u] as const),
    );
    for (const [key, ids] of idsAt) {
      const { projectId, place } = fromKey(key);
      const push: LivePresencePush = {
        event: PRESENCE_TOPIC,
        data: { project_id: projectId, place, users: ids.flatMap((id) => users.get(id) ?? []) },
      };
      for (const socket of this.#here.get(key) ?? []) socket.push(push);
    }
  }
}

/**
 * The live sockets of this process and the pushing of new notifications to them (reference §6.2):
 * `{"event":"notification.created","data":<notification>}`, the notification exactly as
 * GET /notifications shows it, to the subscribed sockets of the user it is for, and only while
 * that user can still read the project it is about and the socket's session has not ended.
 *
 * New notifications come from this process's fan-out (`announce`, which also tells the other
 * processes) or from another process (channel.ts).
 */

import type { SessionsRepo } from '../auth/sessions-repo.js';
import type { CreatedNotification, NotificationsRepo } from '../notifications/repo.js';
import { serializeNotification } from '../notifications/serialize.js';
import type { RightsService } from '../rights/service.js';
import type { LiveChannel } from './channel.js';
import type { LiveConnection } from './connection.js';

const EVENT = 'notification.created';

export class LiveNotifications {
  readonly #byUser = new Map<number, Set<LiveConnection>>();

  constructor(
    private readonly repo: NotificationsRepo,
    private readonly rights: RightsService,
    private readonly sessions: SessionsRepo,
    private readonly channel: LiveChannel,
    private readonly warn: (message: string) => void,
  ) {}

  /** Notifications another process wrote (channel.ts). */
  heard(created: readonly CreatedNotification[]): void {
    if (created.length > 0) void this.#deliver(created);
  }

  joined(connection: LiveConnection): void {
    const userId = connection.identity?.userId;
    if (userId === undefined) return;
    const sockets = this.#byUser.get(userId) ?? new Set<LiveConnection>();
    sockets.add(connection);
    this.#byUser.set(userId, sockets);
  }

  left(connection: LiveConnection): void {
    const userId = connection.identity?.userId;
    if (userId === undefined) return;
    const sockets = this.#byUser.get(userId);
    sockets?.delete(connection);
    if (sockets?.size === 0) this.#byUser.delete(userId);
  }

  /** Notifications this process just wrote (after commit): pushed here and told to the others. */
  announce(created: readonly CreatedNotification[]): void {
    if (created.length === 0) return;
    this.channel.announce({ notifications: created });
    void this.#deliver(created);
  }

  /** Sockets in this process that hear new notifications, per user. */
  #listeners(userId: number): LiveConnection[] {
    return [...(this.#byUser.get(userId) ?? [])].filter((c) => c.hears(EVENT));
  }

  async #deliver(created: readonly CreatedNotification[]): Promise<void> {
    try {
      const wanted = created.filter((c) => this.#listeners(c.userId).length > 0);
      if (wanted.length === 0) return;
      const rows = await this.repo.findMany(wanted.map((c) => c.id));
      rows.sort((a, b) => a.id - b.id);
      const readable = new Map<string, Promise<boolean>>();
      const canRead = (userId: number, projectId: number | null) => {
        if (projectId === null) return Promise.resolve(true);
        const key = `${userId}:${projectId}`;
        let answer = readable.get(key);
        if (!answer) {
          answer = this.rights.projectRight(userId, projectId).then((right) => right !== null);
          readable.set(key, answer);
        }
        return answer;
      };
      for (const row of rows) {
        if (!(await canRead(row.user_id, row.project_id))) continue;
        const data = serializeNotification(row);
        for (const socket of this.#listeners(row.user_id)) {
          if (await this.#sessionEnded(socket)) continue;
          socket.push({ event: EVENT, data });
        }
      }
    } catch (error) {
      this.warn(`live notifications could not be pushed: ${(error as Error).message}`);
    }
  }

  /** A socket whose session has ended (logout, password change) is closed instead of told. */
  async #sessionEnded(socket: LiveConnection): Promise<boolean> {
    const identity = socket.identity;
    if (!identity) return true;
    const user = await this.sessions.activeUser(identity.sessionId);
    if (user && user.id === identity.userId) return false;
    socket.close('session ended');
    return true;
  }
}

/**
 * Pushes changes (change-event.ts) to the live sockets of this process subscribed to the project
 * they happened in (`project.changes`) or to their user's project tree (`projects.changes`).
 *
 * Services announce a change once it has committed (modules/notifications/events.ts, heard by
 * ChangesListener, and direct `publish` calls); other processes' changes arrive over the channel.
 * Changes are delivered in batches gathered over a few milliseconds, so a burst (a bulk edit, a
 * board drag that rewrites positions) costs one rights check per user and project, not one per
 * socket per change: for each batch, every user with an interested socket has the rights on all
 * the batch's projects read in one call (RightsService.projectRights), at delivery time. A socket
 * subscribed to a project its user can no longer read hears `project.access_revoked` and loses
 * the subscription; one whose session has ended is closed.
 */
import { ACCESS_REVOKED, type LiveRevokedPush, liveTopicAnswers, type PresentUser } from '@ordo/core';
import { requestWork } from '../../db/request-work.js';
import type { SessionsRepo } from '../auth/sessions-repo.js';
import type { RightsService } from '../rights/service.js';
import { type ChangeEvent, changeData, TREE_CHANGES } from './change-event.js';
import type { LiveChannel } from './channel.js';
import type { LiveConnection } from './connection.js';
import { LivePresence } from './presence.js';

/** Changes after which a user may read fewer projects than before. */
const ACCESS_CHANGES: ReadonlySet<string> = new Set([
  'project.shares.changed',
  'project.updated',
  'project.deleted',
]);

/** How long a right read for delivery is trusted (unless a change that may end access comes). */
const READABLE_MS = 2_000;

/** How long changes are gathered into one delivery batch. */
const BATCH_MS = 15;
/** A session found active is trusted this long before it is read again. */
const SESSION_CHECK_MS = 10_000;

export class LiveChanges {
  readonly #byProject = new Map<number, Set<LiveConnection>>();
  readonly #tree = new Set<LiveConnection>();
  readonly #sessionsSeen = new Map<string, number>();
  /** Rights read for delivery, per user: which projects they could read, and when that was read. */
  readonly #readable = new Map<number, { at: number; projects: Map<number, boolean> }>();
  #pending: ChangeEvent[] = [];
  #timer: NodeJS.Timeout | null = null;
  #delivering: Promise<void> = Promise.resolve();
  /** Who has a task or board open (presence.ts), under the same rights as the changes. */
  readonly presence: LivePresence;

  constructor(
    private readonly rights: RightsService,
    private readonly sessions: SessionsRepo,
    private readonly channel: LiveChannel,
    private readonly warn: (message: string) => void,
    users: (ids: readonly number[]) => Promise<PresentUser[]>,
  ) {
    this.presence = new LivePresence({
      canRead: async (userId, projectId) => (await rights.projectRight(userId, projectId)) !== null,
      users,
      channel,
      warn,
    });
  }

  /** Changes this process just committed: delivered here and told to the other processes. */
  publish(...changes: ChangeEvent[]): void {
    if (changes.length === 0) return;
    // Told inside the request that made them: they carry the tab that sent it.
    const tab = requestWork.getStore()?.tab;
    if (tab) changes = changes.map((c) => (c.origin === undefined ? { ...c, origin: tab } : c));
    this.channel.announce({ changes });
    this.heard(changes);
  }

  /** Changes to deliver to this process's sockets (own, or heard from another process). */
  heard(changes: readonly ChangeEvent[]): void {
    if (changes.length === 0 || (this.#byProject.size === 0 && this.#tree.size === 0)) return;
    this.#pending.push(...changes);
    this.#timer ??= setTimeout(() => {
      this.#timer = null;
      const batch = this.#pending.splice(0);
      this.#delivering = this.#delivering.then(() => this.#deliver(batch));
    }, BATCH_MS);
    this.#timer.unref();
  }

  /** Waits for the changes gathered so far to be delivered (tests, shutdown). */
  async settled(): Promise<void> {
    while (this.#timer || this.#pending.length > 0) await new Promise((r) => setTimeout(r, BATCH_MS));
    await this.#delivering;
  }

  /** Subscribes to one project's changes; answers the refusal to send, or null when subscribed. */
  async subscribeProject(connection: LiveConnection, projectId: number): Promise<object | null> {
    const userId = connection.identity?.userId;
    if (userId === undefined) return null;
    const right = await this.rights.projectRight(userId, projectId);
    if (right === null) return liveTopicAnswers.forbidden(projectId);
    const sockets = this.#byProject.get(projectId) ?? new Set<LiveConnection>();
    sockets.add(connection);
    this.#byProject.set(projectId, sockets);
    return null;
  }

  unsubscribeProject(connection: LiveConnection, projectId: number): void {
    const sockets = this.#byProject.get(projectId);
    sockets?.delete(connection);
    if (sockets?.size === 0) this.#byProject.delete(projectId);
  }

  subscribeTree(connection: LiveConnection): void {
    this.#tree.add(connection);
  }

  unsubscribeTree(connection: LiveConnection): void {
    this.#tree.delete(connection);
  }

  enterPlace(connection: LiveConnection, projectId: number, place: string): Promise<boolean> {
    return this.presence.enter(connection, projectId, place);
  }

  leavePlace(connection: LiveConnection, projectId: number, place: string): void {
    this.presence.leave(connection, projectId, place);
  }

  left(connection: LiveConnection): void {
    this.presence.leaveAll(connection);
    this.#tree.delete(connection);
    for (const projectId of connection.projects()) this.unsubscribeProject(connection, projectId);
  }

  /** Sockets listening in this process (for the bench and the metrics). */
  get listening(): number {
    let n = this.#tree.size;
    for (const sockets of this.#byProject.values()) n += sockets.size;
    return n;
  }

  async #deliver(batch: readonly ChangeEvent[]): Promise<void> {
    try {
      const byProject = new Map<number, ChangeEvent[]>();
      for (const c of batch) byProject.set(c.projectId, [...(byProject.get(c.projectId) ?? []), c]);
      // A share, a move or a deletion may end access to other projects too (the children of a
      // project whose share was revoked, the projects of a team someone left): every watched
      // project is checked again, and those no longer readable are revoked.
      const accessChanged = batch.some((c) => ACCESS_CHANGES.has(c.change));
      if (accessChanged)
        for (const projectId of this.#byProject.keys())
          if (!byProject.has(projectId)) byProject.set(projectId, []);
      const treeWanted = batch.some((c) => TREE_CHANGES.has(c.change)) ? [...this.#tree] : [];
      // Everyone who might hear something, and the projects to check for each.
      const projectsOf = new Map<number, Set<number>>();
      const want = (socket: LiveConnection, projectId: number) => {
        const userId = socket.identity?.userId;
        if (userId === undefined) return;
        const set = projectsOf.get(userId) ?? new Set<number>();
        set.add(projectId);
        projectsOf.set(userId, set);
      };
      for (const projectId of byProject.keys()) {
        for (const socket of this.#byProject.get(projectId) ?? []) want(socket, projectId);
        for (const socket of treeWanted) want(socket, projectId);
      }
      if (projectsOf.size === 0) return;
      if (accessChanged) this.#readable.clear();
      const canRead = await this.#readableFor(projectsOf);
      const ended = new Set<LiveConnection>();
      for (const socket of new Set([
        ...treeWanted,
        ...[...byProject.keys()].flatMap((id) => [...(this.#byProject.get(id) ?? [])]),
      ])) {
        if (!(await this.#sessionActive(socket))) ended.add(socket);
      }

      for (const [projectId, changes] of byProject) {
        const deleted = changes.some((c) => c.change === 'project.deleted');
        const actorId = (changes.find((c) => c.change === 'project.deleted') ?? changes.at(-1))?.actorId;
        for (const socket of [...(this.#byProject.get(projectId) ?? [])]) {
          const userId = socket.identity?.userId;
          if (userId === undefined || ended.has(socket)) continue;
          if (!canRead(userId, projectId)) {
            this.unsubscribeProject(socket, projectId);
            socket.forgetProject(projectId);
            this.presence.leaveAll(socket, projectId);
            const revoked: LiveRevokedPush = {
              event: ACCESS_REVOKED,
              data: {
                project_id: projectId,
                reason: deleted ? 'deleted' : 'revoked',
                ...(actorId === undefined ? {} : { actor_id: actorId }),
              },
            };
            socket.push(revoked);
            continue;
          }
          for (const c of changes)
            socket.push({ event: c.change, data: changeData(c, c.actorId === userId) });
        }
        const projectSockets = this.#byProject.get(projectId);
        for (const socket of treeWanted) {
          const userId = socket.identity?.userId;
          if (userId === undefined || ended.has(socket)) continue;
          // Heard already through its subscription to the project itself.
          if (projectSockets?.has(socket)) continue;
          const readable = canRead(userId, projectId);
          for (const c of changes) {
            if (!TREE_CHANGES.has(c.change)) continue;
            if (readable || c.actorId === userId || c.users?.includes(userId))
              socket.push({ event: c.change, data: changeData(c, c.actorId === userId) });
          }
        }
      }
    } catch (error) {
      this.warn(`live changes could not be pushed: ${(error as Error).message}`);
    }
  }

  /**
   * Who may read which of the projects asked for: read once per user for a batch, and trusted for
   * READABLE_MS after, so a steady stream of changes (a busy board, one write after another) does
   * not cost a rights query per user per batch. A change that may end access clears what was
   * trusted (see #deliver), so a revoked share takes effect with its own change, as before.
   */
  async #readableFor(
    projectsOf: Map<number, Set<number>>,
  ): Promise<(userId: number, projectId: number) => boolean> {
    const now = Date.now();
    await Promise.all(
      [...projectsOf].map(async ([userId, ids]) => {
        let known = this.#readable.get(userId);
        if (!known || now - known.at > READABLE_MS) {
          known = { at: now, projects: new Map() };
          this.#readable.set(userId, known);
        }
        const projects = known.projects;
        const missing = [...ids].filter((id) => !projects.has(id));
        if (missing.length === 0) return;
        const rights = await this.rights.projectRights(userId, missing);
        for (const id of missing) projects.set(id, (rights.get(id) ?? null) !== null);
      }),
    );
    // Users long gone are forgotten now and then.
    if (this.#readable.size > 10_000) this.#readable.clear();
    return (userId, projectId) => this.#readable.get(userId)?.projects.get(projectId) === true;
  }

  /** A socket whose session has ended (logout, password change) is closed instead of told. */
  async #sessionActive(socket: LiveConnection): Promise<boolean> {
    const identity = socket.identity;
    if (!identity) return false;
    const seen = this.#sessionsSeen.get(identity.sessionId);
    if (seen !== undefined && Date.now() - seen < SESSION_CHECK_MS) return true;
    const user = await this.sessions.activeUser(identity.sessionId);
    if (user && user.id === identity.userId) {
      // Sessions of sockets long gone are forgotten now and then.
      if (this.#sessionsSeen.size > 10_000) this.#sessionsSeen.clear();
      this.#sessionsSeen.set(identity.sessionId, Date.now());
      return true;
    }
    this.#sessionsSeen.delete(identity.sessionId);
    socket.close('session ended');
    return false;
  }
}

/**
 * Collection synchronisation (RFC 6578) and the collection tags built on it: a project's sync
 * token is its change counter (migration 0041), so a ctag costs one indexed row, and an
 * incremental sync renders only the objects changed since the client's token.
 */
import { createHash } from 'node:crypto';
import type { CalendarObject } from './calendar.js';
import type { CaldavService } from './service.js';
import type { ObjectChange, SyncRepo, SyncState } from './sync-repo.js';

const TOKEN_PREFIX = 'urn:ordo:caldav-sync:';

export const syncToken = (projectId: number, seq: number) => `${TOKEN_PREFIX}${projectId}:${seq}`;

/** The counter a token names, or null when it is not one of this project's tokens. */
export function tokenSeq(projectId: number, token: string): number | null {
  if (!token.startsWith(TOKEN_PREFIX)) return null;
  const match = /^(\d+):(\d+)$/.exec(token.slice(TOKEN_PREFIX.length));
  if (!match || Number(match[1]) !== projectId) return null;
  const seq = Number(match[2]);
  return Number.isSafeInteger(seq) ? seq : null;
}

/** A token the server no longer answers (RFC 6578 §3.2: 403 with DAV:valid-sync-token). */
export class InvalidSyncTokenError extends Error {
  constructor() {
    super('The sync token is not valid (any more); sync the collection afresh.');
  }
}

export interface SyncAnswer {
  token: string;
  changed: CalendarObject[];
  /** Names of objects gone from the collection since the token. */
  deleted: string[];
}

export class CaldavSync {
  constructor(
    private readonly caldav: CaldavService,
    private readonly repo: SyncRepo,
  ) {}

  /** The sync token of each project, also its ctag. */
  async tokens(projectIds: readonly number[]): Promise<Map<number, string>> {
    const states = await this.repo.states(projectIds);
    return new Map([...states].map(([id, state]) => [id, syncToken(id, state.seq)]));
  }

  /** A tag of the calendar home that changes whenever any of its calendars does. */
  async homeTag(projectIds: readonly number[]): Promise<string> {
    const states = await this.repo.states(projectIds);
    const text = [...states].map(([id, s]) => `${id}:${s.seq}`).join('\n');
    return `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"`;
  }

  /**
   * What changed in a calendar since `token` (all its objects without one). The state is read
   * first: a change that lands while the answer is made shows again next time, never not at all.
   * The caller has checked the user's read right on the project.
   */
  async changes(userId: number, projectId: number, token: string | undefined): Promise<SyncAnswer> {
    const state = await this.repo.state(projectId);
    const answer = (changed: CalendarObject[], deleted: string[]) => ({
      token: syncToken(projectId, state.seq),
      changed,
      deleted,
    });
    if (token === undefined || token === '') {
      return answer(
        await this.caldav.objectsInBatches(userId, projectId, await this.caldav.taskIdsOf(projectId)),
        [],
      );
    }
    const since = this.validSeq(projectId, token, state);
    const changes = await this.repo.changesSince(projectId, since, state.seq);
    const live = new Map<number, ObjectChange>();
    const deleted = new Set<string>();
    for (const change of changes) {
      if (change.deleted) deleted.add(change.name);
      else live.set(change.taskId, change);
    }
    const changed = await this.caldav.objectsInBatches(userId, projectId, [...live.keys()]);
    // A changed task that left the project since is gone from it, under the name it had here.
    const found = new Set(changed.map((o) => o.taskId));
    for (const [taskId, change] of live) if (!found.has(taskId)) deleted.add(change.name);
    return answer(changed, [...deleted]);
  }

  private validSeq(projectId: number, token: string, state: SyncState): number {
    const seq = tokenSeq(projectId, token.trim());
    if (seq === null || seq < state.floor || seq > state.seq) throw new InvalidSyncTokenError();
    return seq;
  }
}

/**
 * Where a user is signed in (reference §2.3 `/user/sessions`, §3.14): each login is a session,
 * listed with the browser or app that opened it, and ended from another device when it should
 * not stay signed in (a lost phone, a shared computer). Ending one is what logging out on that
 * device does: every token of that login stops working on its next request.
 */
import { toApiDate } from '@ordo/core';
import type { SessionsTable } from '../../db/schema.js';
import { fail } from '../../http/api-error.js';
import type { Page } from '../../http/pagination.js';
import type { SessionsRepo } from './sessions-repo.js';

export interface SessionJson {
  id: string;
  device_info: string;
  ip_address: string;
  last_active: string;
  created: string;
}

function serializeSession(row: SessionsTable): SessionJson {
  return {
    id: row.id,
    device_info: row.device_info,
    ip_address: row.ip_address,
    last_active: toApiDate(row.last_active),
    created: toApiDate(row.created),
  };
}

export class SessionsService {
  constructor(private readonly sessions: SessionsRepo) {}

  async list(userId: number, page: Page): Promise<{ sessions: SessionJson[]; total: number }> {
    const { rows, total } = await this.sessions.listOfUser(userId, page);
    return { sessions: rows.map(serializeSession), total };
  }

  /** Ends one of the user's own sessions; another user's is forbidden, an unknown one not found. */
  async revoke(userId: number, sessionId: string): Promise<void> {
    const owner = await this.sessions.ownerOf(sessionId);
    if (owner === undefined) throw fail('sessionNotFound');
    if (owner !== userId) throw fail('forbidden');
    await this.sessions.delete(sessionId);
  }
}

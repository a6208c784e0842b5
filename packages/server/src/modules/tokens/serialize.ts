/** API token JSON (reference §3.13). The secret itself is only ever in the create answer. */
import { toApiDate } from '@ordo/core';
import type { ApiTokenRow } from '../../db/schema.js';
import { parseStoredPermissions, type TokenPermissions } from './permissions-input.js';

export interface ApiTokenJson {
  id: number;
  title: string;
  permissions: TokenPermissions;
  expires_at: string;
  created: string;
  owner_id: number;
  token?: string;
}

export function serializeApiToken(row: ApiTokenRow, token?: string): ApiTokenJson {
  return {
    id: row.id,
    title: row.title,
    ...(token === undefined ? {} : { token }),
    permissions: parseStoredPermissions(row.permissions),
    expires_at: toApiDate(row.expires_at),
    created: row.created,
    owner_id: row.owner_id,
  };
}

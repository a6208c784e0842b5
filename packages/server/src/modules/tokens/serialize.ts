/** API token JSON (reference §3.13). The secret itself is only ever in the create answer. */
import { type ApiToken, toApiDate } from '@ordo/core';
import type { ApiTokenRow } from '../../db/schema.js';
import { parseStoredPermissions } from './permissions-input.js';

export type ApiTokenJson = ApiToken;

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

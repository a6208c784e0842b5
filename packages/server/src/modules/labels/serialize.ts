/** The label shape of reference §3.5. */
import type { Label } from '@ordo/core';
import type { LabelRow, UserRow } from '../../db/schema.js';
import { publicUser } from '../users/serialize.js';

export function serializeLabel(row: LabelRow, creator: UserRow | undefined): Label {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    hex_color: row.hex_color,
    created_by: creator ? publicUser(creator) : null,
    created: row.created,
    updated: row.updated,
  };
}

export type SerializedLabel = ReturnType<typeof serializeLabel>;

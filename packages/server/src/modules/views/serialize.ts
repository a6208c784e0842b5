/** The project view and bucket shapes of reference §3.2 and §3.4. */
import type { Bucket, ProjectView, ViewKind } from '@ordo/core';
import type { BucketRow, ProjectViewRow, UserRow } from '../../db/schema.js';
import { type PublicUser, publicUser } from '../users/serialize.js';
import { parseStoredFilter } from './filter-object.js';

export function serializeView(row: ProjectViewRow): ProjectView {
  let bucketConfiguration: unknown = null;
  if (row.bucket_configuration) {
    try {
      bucketConfiguration = JSON.parse(row.bucket_configuration);
    } catch {
      bucketConfiguration = null;
    }
  }
  return {
    id: row.id,
    title: row.title,
    project_id: row.project_id,
    // The service admits only the four kinds (VIEW_KINDS) into the column.
    view_kind: row.view_kind as ViewKind,
    filter: parseStoredFilter(row.filter),
    position: row.position,
    bucket_configuration_mode: row.bucket_configuration_mode,
    bucket_configuration: bucketConfiguration,
    default_bucket_id: row.default_bucket_id,
    done_bucket_id: row.done_bucket_id,
    updated: row.updated,
    created: row.created,
  };
}

export type SerializedView = ReturnType<typeof serializeView>;

export function serializeBucket(
  row: BucketRow,
  creator: UserRow | undefined,
  count = 0,
  tasks?: unknown[],
): Bucket {
  const createdBy: PublicUser | null = creator ? publicUser(creator) : null;
  return {
    id: row.id,
    title: row.title,
    project_view_id: row.project_view_id,
    ...(tasks !== undefined ? { tasks } : {}),
    limit: row.limit,
    count,
    position: row.position,
    created: row.created,
    updated: row.updated,
    created_by: createdBy,
  };
}

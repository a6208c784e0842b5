/**
 * Which buckets the user has collapsed, per kanban view, kept in this browser (`collapsedBuckets`:
 * view id to bucket ids). Unreadable stored data counts as nothing collapsed.
 */
export const COLLAPSED_BUCKETS_KEY = 'collapsedBuckets';

function read(storage: Storage): Record<string, number[]> {
  try {
    const parsed = JSON.parse(storage.getItem(COLLAPSED_BUCKETS_KEY) ?? '{}') as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, number[]>)
      : {};
  } catch {
    return {};
  }
}

export function collapsedBuckets(viewId: number, storage: Storage = localStorage): Set<number> {
  const ids = read(storage)[viewId];
  return new Set(Array.isArray(ids) ? ids.filter((id) => Number.isInteger(id)) : []);
}

export function setBucketCollapsed(
  viewId: number,
  bucketId: number,
  collapsed: boolean,
  storage: Storage = localStorage,
): Set<number> {
  const ids = collapsedBuckets(viewId, storage);
  if (collapsed) ids.add(bucketId);
  else ids.delete(bucketId);
  storage.setItem(COLLAPSED_BUCKETS_KEY, JSON.stringify({ ...read(storage), [viewId]: [...ids] }));
  return ids;
}

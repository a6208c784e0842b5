/**
 * Invalidation that also reaches a query caught in its first load. TanStack Query restarts a fetch
 * in flight on invalidation only when the query already has data; a first load in flight is kept,
 * lands afterwards with what the server held before the write, and is then counted as fresh
 * (TanStack/query#8530). That is the moment right after a screen change: a delete leaves the task
 * for its project's list, the list starts loading, Undo brings the task back, and the list said
 * "No tasks here". Such a query is invalidated again once its first load has settled.
 *
 * Only for refreshes that can meet a screen still loading (the Undo of a task delete). The promise
 * is the plain invalidation's, so those who await it wait no longer than before.
 */
import type { InvalidateQueryFilters, QueryClient } from '@tanstack/react-query';

export function invalidateWithFirstLoads(
  client: QueryClient,
  filters: InvalidateQueryFilters,
): Promise<void> {
  const inFirstLoad = client
    .getQueryCache()
    .findAll(filters)
    .filter((query) => query.state.fetchStatus === 'fetching' && query.state.data === undefined);
  const invalidated = client.invalidateQueries(filters);
  for (const query of inFirstLoad)
    void query
      .fetch()
      .catch(() => undefined)
      .then(() => client.invalidateQueries({ predicate: (q) => q === query }))
      .catch(() => undefined);
  return invalidated;
}

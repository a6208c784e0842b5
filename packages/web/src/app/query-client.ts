import {
  type InvalidateOptions,
  type InvalidateQueryFilters,
  onlineManager,
  QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { isApiRequestError } from '../api/api-error';

/**
 * A QueryClient whose invalidation also reaches a query caught in its first load. TanStack Query
 * restarts a fetch in flight on invalidation only when the query already has data; a first load
 * in flight is kept, lands afterwards with what the server held before the write, and is then
 * counted as fresh (TanStack/query#8530). That is the moment after a screen change: a delete
 * leaves the task for its project's list, the list starts loading, Undo brings the task back, and
 * the list showed "No tasks here". Such a query is invalidated again once its load has settled.
 */
export class OrdoQueryClient extends QueryClient {
  override invalidateQueries<TTaggedQueryKey extends QueryKey = QueryKey>(
    filters?: InvalidateQueryFilters<TTaggedQueryKey>,
    options?: InvalidateOptions,
  ): Promise<void> {
    const inFirstLoad = this.getQueryCache()
      .findAll(filters)
      .filter((query) => query.state.fetchStatus === 'fetching' && query.state.data === undefined);
    const invalidated = super.invalidateQueries(filters, options);
    const again = inFirstLoad.map((query) =>
      query
        .fetch()
        .catch(() => undefined)
        .then(() =>
          super.invalidateQueries(
            { predicate: (q) => q === query, refetchType: filters?.refetchType, type: filters?.type },
            options,
          ),
        ),
    );
    return Promise.all([invalidated, ...again]).then(() => undefined);
  }
}

export const queryClient = new OrdoQueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // Coming back to the tab reads again what is stale: changes may have been missed while
      // the live socket was down or the tab asleep.
      refetchOnWindowFocus: true,
      // A 4xx answer will not change by asking again.
      retry: (failures, error) => !(isApiRequestError(error) && error.status < 500) && failures < 2,
    },
    // Writes run without a network too: task writes then go to the outbox (app/offline/outbox.ts),
    // others fail at once with "unreachable" instead of waiting silently.
    mutations: { retry: false, networkMode: 'always' },
  },
});

// TanStack Query assumes a network until the browser says "offline"; a page opened without one
// (the installed app on a train) must not start reading, or probing other API addresses, at all:
// its queries wait, showing what was kept, until the browser is online again.
if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);

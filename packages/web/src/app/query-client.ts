import { QueryClient } from '@tanstack/react-query';
import { isApiRequestError } from '../api/api-error';

export const queryClient = new QueryClient({
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

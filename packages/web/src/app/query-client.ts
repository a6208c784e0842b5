import { onlineManager, QueryClient } from '@tanstack/react-query';
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

// TanStack Query assumes a network until the browser says "offline"; a page opened without one
// (the installed app on a train) must not start reading, or probing other API addresses, at all:
// its queries wait, showing what was kept, until the browser is online again.
if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);

import { QueryClient } from '@tanstack/react-query';
import { isApiRequestError } from '../api/api-error';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // A 4xx answer will not change by asking again.
      retry: (failures, error) => !(isApiRequestError(error) && error.status < 500) && failures < 2,
    },
    mutations: { retry: false },
  },
});

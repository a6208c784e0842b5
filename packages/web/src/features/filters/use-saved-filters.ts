/**
 * Saved filter writes. Each one refreshes the project list (filters show there as pseudo
 * projects) and the task lists that may read through them.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/query-keys';
import {
  createSavedFilter,
  deleteSavedFilter,
  fetchSavedFilter,
  type SavedFilterInput,
  savedFilterKeys,
  updateSavedFilter,
} from '../../api/saved-filters';

export function useSavedFilter(id: number) {
  return useQuery({ queryKey: savedFilterKeys.one(id), queryFn: () => fetchSavedFilter(id) });
}

function useRefresh() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: queryKeys.projects }),
      client.invalidateQueries({ queryKey: queryKeys.tasks }),
    ]);
}

export function useCreateSavedFilter() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: createSavedFilter, onSuccess: refresh });
}

export function useUpdateSavedFilter(id: number) {
  const client = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: SavedFilterInput) => updateSavedFilter(id, input),
    onSuccess: async (saved) => {
      client.setQueryData(savedFilterKeys.one(id), saved);
      await refresh();
    },
  });
}

export function useDeleteSavedFilter(id: number) {
  const client = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: () => deleteSavedFilter(id),
    onSuccess: async () => {
      client.removeQueries({ queryKey: savedFilterKeys.one(id) });
      await refresh();
    },
  });
}

/**
 * A project's custom fields, loaded once per project and shared by the task detail, the table
 * view, the list rows and kanban cards, the filter editor and the fields settings.
 */
import { useQuery } from '@tanstack/react-query';
import { customFieldKeys, fetchCustomFields } from '../../api/custom-fields';

/** `wanted` false waits (a card without values need not ask for its project's fields). */
export function useCustomFields(projectId: number | undefined, wanted = true) {
  const id = projectId ?? 0;
  return useQuery({
    queryKey: customFieldKeys.ofProject(id),
    queryFn: () => fetchCustomFields(id),
    // Saved filters and favourites (ids of 0 and below) span projects and have no fields.
    enabled: wanted && Number.isInteger(id) && id > 0,
    staleTime: 30_000,
  });
}

/**
 * A project's custom fields, loaded once per project and shared by the task detail, the table
 * view, the list rows and kanban cards, the filter editor and the fields settings.
 */
import { useQuery } from '@tanstack/react-query';
import { customFieldKeys, fetchCustomFields } from '../../api/custom-fields';

export function useCustomFields(projectId: number | undefined) {
  const id = projectId ?? 0;
  return useQuery({
    queryKey: customFieldKeys.ofProject(id),
    queryFn: () => fetchCustomFields(id),
    // Saved filters and favourites (ids of 0 and below) span projects and have no fields.
    enabled: Number.isInteger(id) && id > 0,
    staleTime: 30_000,
  });
}

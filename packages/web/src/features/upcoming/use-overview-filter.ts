/**
 * The saved filter chosen as the source of the current tasks (frontend setting
 * `filterIdUsedOnOverview`, a pseudo project id), when it still exists.
 */
import { useSignedInUser } from '../auth/use-current-user';
import { isSavedFilter } from '../projects/project-tree';
import { useProjects } from '../projects/use-projects';

export function useOverviewFilterProject(): number | null {
  const chosen = useSignedInUser().settings.frontendSettings.filterIdUsedOnOverview;
  const projects = useProjects().data;
  if (!chosen || !projects) return null;
  const project = projects.find((p) => p.id === chosen && isSavedFilter(p));
  return project ? project.id : null;
}

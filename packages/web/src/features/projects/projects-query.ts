/**
 * The query of every visible project (archived included, with rights): its own module, light
 * enough for the first download, so that the app can ask for it at start (open-at-project.ts).
 */
import { queryOptions } from '@tanstack/react-query';
import { fetchAllProjects } from '../../api/projects';
import { queryKeys } from '../../api/query-keys';

export const projectsQuery = queryOptions({ queryKey: queryKeys.projects, queryFn: fetchAllProjects });

/**
 * The app opens at a project's view (the route's `opening`, run at start by app/lazy-page.ts): the
 * projects are asked for beside the session check (once the configuration is read, as the user is)
 * and the shell's code, and the view's
 * files as soon as the projects name its kind, from the list the build puts in index.html. Before,
 * both waited for the project page's code, and the view's for the projects after that: two round
 * trips more before the first screen. Without a view in the address, the page works out which one
 * to open (the user's default view is not known yet) and loads it itself.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';
import { sessionMayAsk } from '../../app/opening-requests';
import { preloadPageFiles } from '../../app/page-files';
import { viewModules } from '../project-views/view-modules';
import { projectsQuery } from './projects-query';

export function openAtProject(client: QueryClient, params: Params): Promise<void> {
  const projectId = Number(params.projectId);
  const viewId = Number(params.viewId);
  if (!Number.isInteger(projectId) || !Number.isInteger(viewId)) return Promise.resolve();
  return sessionMayAsk(client).then(async (ask) => {
    if (!ask) return;
    await client.prefetchQuery(projectsQuery);
    const project = client.getQueryData(projectsQuery.queryKey)?.find((p) => p.id === projectId);
    const kind = project?.views?.find((view) => view.id === viewId)?.viewKind;
    const module = kind && viewModules[kind];
    if (module) preloadPageFiles(module);
  });
}

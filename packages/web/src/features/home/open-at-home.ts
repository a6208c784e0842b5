/**
 * The app opens at home (the route's `opening`, run at start by app/lazy-page.ts): the projects
 * are asked for beside the session check, and the overview's tasks as soon as the session check
 * says which saved filter (if any) the user chose for them, rather than both once the page has
 * drawn, a round trip and the first render later.
 */
import type { QueryClient } from '@tanstack/react-query';
import { sessionMayAsk } from '../../app/opening-requests';
import { currentUserQuery } from '../auth/use-current-user';
import { projectsQuery } from '../projects/projects-query';
import { overviewRange } from './overview-range';

export function openAtHome(client: QueryClient): Promise<void> {
  return sessionMayAsk(client).then(async (ask) => {
    if (!ask) return;
    // The session check is already on its way (opening-requests.ts): this waits for its answer.
    const tasks = client.fetchQuery({ ...currentUserQuery, retry: false }).then(async (user) => {
      // The tasks' query comes with the home page's files, already on their way.
      const { rangeTasksQuery } = await import('../upcoming/upcoming-tasks');
      const range = overviewRange(user.settings.frontendSettings.filterIdUsedOnOverview);
      await client.prefetchInfiniteQuery(rangeTasksQuery(range));
    });
    await Promise.all([client.prefetchQuery(projectsQuery), tasks]);
  });
}

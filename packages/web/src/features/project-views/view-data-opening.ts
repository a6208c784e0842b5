/**
 * The app opens at a list or a board (project-page.tsx `openAtProject`): its tasks are asked for
 * as soon as the projects say which kind of view it is, beside the view's code, rather than once
 * the view has drawn. The user's filter and search come from the address, as the view reads them.
 * Other kinds load their data when drawn.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ProjectView } from '../../api/views';
import { readUrlTaskFilter, taskFilterQuery } from '../filters/use-url-task-filter';
import { kanbanBoardQuery } from './kanban/board-query';
import { listTasksQuery } from './list/use-list-tasks';

export function prefetchViewData(
  client: QueryClient,
  projectId: number,
  view: Pick<ProjectView, 'id' | 'viewKind'>,
  search: URLSearchParams,
): void {
  // Offline, the views start from the data kept on the device, which a failed request would hide.
  if (!navigator.onLine) return;
  const filter = taskFilterQuery(readUrlTaskFilter(search));
  if (view.viewKind === 'list') void client.prefetchInfiniteQuery(listTasksQuery(projectId, view.id, filter));
  if (view.viewKind === 'kanban')
    void client.prefetchQuery(kanbanBoardQuery(client, projectId, view.id, filter));
}

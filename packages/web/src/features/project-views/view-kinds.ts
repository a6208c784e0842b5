/**
 * Which view kinds this version of the app can show (their go-to shortcuts g l, g g, g t, g k are
 * `projectViewShortcuts` in the shortcut catalogue). A kind without a component here is not offered.
 * Each view is its own chunk: drag and drop (kanban, calendar), the timeline (gantt) and the virtualised
 * list load only with the view that needs them.
 */
import type { ViewKind } from '../../api/views';
import { type LazyPage, lazyPage } from '../../app/lazy-page';
import type { ProjectViewProps } from './view-props';

export const viewComponents: Partial<Record<ViewKind, LazyPage<ProjectViewProps>>> = {
  list: lazyPage(() => import('./list/list-view'), 'ListView'),
  gantt: lazyPage(() => import('./gantt/gantt-view'), 'GanttView'),
  table: lazyPage(() => import('./table/table-view'), 'TableView'),
  kanban: lazyPage(() => import('./kanban/kanban-view'), 'KanbanView'),
  calendar: lazyPage(() => import('./calendar/calendar-view'), 'CalendarView'),
};

export function isSupportedView(kind: ViewKind): boolean {
  return kind in viewComponents;
}

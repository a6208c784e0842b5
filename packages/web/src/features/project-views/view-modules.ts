/**
 * Each view kind's module, as its path under src/ without extension: the key under which the
 * build lists a view's files in index.html (vite.config.ts, `pageFilesInIndexHtml`), so the app
 * can ask for them at start (projects/open-at-project.ts). The modules themselves are imported in
 * view-kinds.ts; view-modules.test.ts holds the two together.
 */
import type { ViewKind } from '../../api/views';

export const viewModules: Partial<Record<ViewKind, string>> = {
  list: 'features/project-views/list/list-view',
  gantt: 'features/project-views/gantt/gantt-view',
  table: 'features/project-views/table/table-view',
  kanban: 'features/project-views/kanban/kanban-view',
  calendar: 'features/project-views/calendar/calendar-view',
};

/**
 * Which view kinds this version of the app can show (their go-to shortcuts g l, g g, g t, g k are
 * `projectViewShortcuts` in the shortcut catalogue). A kind without a component here is not offered.
 */
import type { ComponentType } from 'react';
import type { ViewKind } from '../../api/views';
import { GanttView } from './gantt/gantt-view';
import { KanbanView } from './kanban/kanban-view';
import { ListView } from './list/list-view';
import { TableView } from './table/table-view';
import type { ProjectViewProps } from './view-props';

export const viewComponents: Partial<Record<ViewKind, ComponentType<ProjectViewProps>>> = {
  list: ListView,
  gantt: GanttView,
  table: TableView,
  kanban: KanbanView,
};

export function isSupportedView(kind: ViewKind): boolean {
  return kind in viewComponents;
}

/**
 * Which view kinds this version of the app can show, with their go-to shortcuts (spec 2 §2:
 * g l list, g g gantt, g t table, g k kanban). Gantt and kanban come with a later issue: until
 * they register a component here, their views are not offered.
 */
import type { ComponentType } from 'react';
import type { ViewKind } from '../../api/projects';
import { KanbanView } from './kanban/kanban-view';
import { ListView } from './list/list-view';
import { TableView } from './table/table-view';
import type { ProjectViewProps } from './view-props';

export const viewComponents: Partial<Record<ViewKind, ComponentType<ProjectViewProps>>> = {
  list: ListView,
  table: TableView,
  kanban: KanbanView,
};

export const viewShortcuts: Record<ViewKind, string> = {
  list: 'KeyG KeyL',
  gantt: 'KeyG KeyG',
  table: 'KeyG KeyT',
  kanban: 'KeyG KeyK',
};

export function isSupportedView(kind: ViewKind): boolean {
  return kind in viewComponents;
}

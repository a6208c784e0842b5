/**
 * What a new project (and a view switched to manual kanban) starts with (reference §4.8, §4.13):
 * List, Gantt, Table and Kanban views, the kanban view seeded with To-Do, Doing and Done.
 */
import type { ProjectViewRow } from '../../db/schema.js';
import { storeViewFilter } from './filter-object.js';
import type { ViewsRepo } from './repo.js';

export const DEFAULT_LIST_FILTER = 'done = false';

/** Seeds To-Do (default), Doing and Done (done bucket) and points the view at them. */
export async function seedKanbanBuckets(
  views: ViewsRepo,
  view: ProjectViewRow,
  userId: number,
): Promise<ProjectViewRow> {
  const todo = await views.insertBucket({
    project_view_id: view.id,
    title: 'To-Do',
    position: 100,
    created_by_id: userId,
  });
  await views.insertBucket({
    project_view_id: view.id,
    title: 'Doing',
    position: 200,
    created_by_id: userId,
  });
  const done = await views.insertBucket({
    project_view_id: view.id,
    title: 'Done',
    position: 300,
    created_by_id: userId,
  });
  await views.update(view.id, { default_bucket_id: todo.id, done_bucket_id: done.id });
  await views.fillBucketWithUnplacedTasks(view.project_id, view.id, todo.id);
  return { ...view, default_bucket_id: todo.id, done_bucket_id: done.id };
}

/**
 * A project's List view hides done tasks (`done = false`); a saved filter's does not, as its own
 * filter says which tasks it holds (a filter for `done = true` would otherwise list nothing).
 */
export async function createDefaultViews(
  views: ViewsRepo,
  projectId: number,
  userId: number,
  { hideDoneInList = true } = {},
): Promise<void> {
  const listFilter = hideDoneInList
    ? storeViewFilter({
        s: '',
        sort_by: null,
        order_by: null,
        filter: DEFAULT_LIST_FILTER,
        filter_include_nulls: false,
      })
    : null;
  await views.insert({
    project_id: projectId,
    title: 'List',
    view_kind: 'list',
    filter: listFilter,
    position: 100,
  });
  await views.insert({
    project_id: projectId,
    title: 'Gantt',
    view_kind: 'gantt',
    filter: null,
    position: 200,
  });
  await views.insert({
    project_id: projectId,
    title: 'Table',
    view_kind: 'table',
    filter: null,
    position: 300,
  });
  const kanban = await views.insert({
    project_id: projectId,
    title: 'Kanban',
    view_kind: 'kanban',
    filter: null,
    position: 400,
    bucket_configuration_mode: 'manual',
  });
  await seedKanbanBuckets(views, kanban, userId);
}

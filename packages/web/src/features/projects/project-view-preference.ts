/**
 * The remembered view per project (spec 2 §3 "Project view"): `projectView` in localStorage, a
 * JSON object from project id to view id. `project.index` opens the remembered view, else the
 * first view of the kind the user's default view setting names, else the first one by position.
 */
import type { DefaultView } from '@ordo/core';
import type { ProjectView } from '../../api/views';

export const PROJECT_VIEW_KEY = 'projectView';

function read(storage: Storage): Record<string, number> {
  try {
    const parsed = JSON.parse(storage.getItem(PROJECT_VIEW_KEY) ?? '{}') as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, number>)
      : {};
  } catch {
    return {};
  }
}

export function rememberedViewId(projectId: number, storage: Storage = localStorage): number {
  const id = Number(read(storage)[projectId]);
  return Number.isInteger(id) ? id : 0;
}

export function rememberView(projectId: number, viewId: number, storage: Storage = localStorage): void {
  storage.setItem(PROJECT_VIEW_KEY, JSON.stringify({ ...read(storage), [projectId]: viewId }));
}

export function sortedViews(views: readonly ProjectView[] | null | undefined): ProjectView[] {
  return [...(views ?? [])].sort((a, b) => a.position - b.position || a.id - b.id);
}

/**
 * The view `project.index` goes to: the remembered one if it still exists, else the first of the
 * user's default kind (settings: `defaultView`), else the first.
 */
export function viewToOpen(
  projectId: number,
  views: readonly ProjectView[] | null | undefined,
  storage: Storage = localStorage,
  defaultView: DefaultView = 'first',
): ProjectView | null {
  const ordered = sortedViews(views);
  const remembered = rememberedViewId(projectId, storage);
  return (
    ordered.find((view) => view.id === remembered) ??
    (defaultView === 'first' ? undefined : ordered.find((view) => view.viewKind === defaultView)) ??
    ordered[0] ??
    null
  );
}

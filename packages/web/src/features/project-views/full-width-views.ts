/**
 * Kanban boards, gantt charts and calendars take the whole width of the shell (spec 1 §2 "Shells"); every
 * other page keeps the reading width. Both the signed-in and the link-share shell ask here, with
 * the path of the page shown (under a modal, its backdrop).
 */
import type { DefaultView } from '@ordo/core';
import type { ProjectView } from '../../api/views';
import { viewToOpen } from '../projects/project-view-preference';

const FULL_WIDTH_VIEW_KINDS = new Set(['kanban', 'gantt', 'calendar']);

/**
 * `/projects/:id/:viewId` shows that view; the project's other pages (`/projects/:id`, its info and
 * settings modals) show the remembered view under them, so they keep its width.
 */
export function isFullWidthView(
  pathname: string,
  views: readonly ProjectView[] | null | undefined,
  storage: Storage = localStorage,
  defaultView: DefaultView = 'first',
): boolean {
  const match = /^\/projects\/(-?\d+)(?:\/([^/]+))?(?:\/[^/]*)*$/.exec(pathname);
  if (!match || !views) return false;
  const [, projectId, first] = match;
  const view =
    first !== undefined && /^\d+$/.test(first)
      ? views.find((v) => String(v.id) === first)
      : viewToOpen(Number(projectId), views, storage, defaultView);
  return view !== undefined && view !== null && FULL_WIDTH_VIEW_KINDS.has(view.viewKind);
}

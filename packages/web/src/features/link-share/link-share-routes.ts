/**
 * Where a link-share visitor may go (spec 1 §2, reference §4.11): exactly the shared project —
 * its views, its info and its tasks — and nothing else. After authenticating, the visitor goes
 * to the last visited route when the share can reach it, else to the view named by the `view`
 * query, else to the project; the share hash is appended either way.
 */
import type { ProjectView } from '../../api/views';
import { linkShareHash } from './link-share-session';

export type LinkShareAccess = 'allow' | 'to-project' | 'refuse';

/** `to-project` for the start page, `allow` inside the shared project, `refuse` everywhere else. */
export function linkShareAccess(pathname: string, projectId: number): LinkShareAccess {
  const path = pathname.replace(/\/+$/, '') || '/';
  if (path === '/' || path === '/projects') return 'to-project';
  if (/^\/tasks\/\d+$/.test(path)) return 'allow';
  const project = /^\/projects\/(-?\d+)(?:\/(\d+|info))?$/.exec(path);
  return project && Number(project[1]) === projectId ? 'allow' : 'refuse';
}

export function projectPath(projectId: number, hash: string): string {
  return `/projects/${projectId}${linkShareHash(hash)}`;
}

/** Picks the view a `view` query names: a view id, or a view kind (list, gantt, table, kanban). */
export function viewNamed(views: readonly ProjectView[], view: string | null): ProjectView | null {
  if (!view) return null;
  const sorted = [...views].sort((a, b) => a.position - b.position || a.id - b.id);
  return sorted.find((v) => String(v.id) === view) ?? sorted.find((v) => v.viewKind === view) ?? null;
}

export function destinationAfterAuth(input: {
  projectId: number;
  hash: string;
  lastVisited: string | null;
  view: ProjectView | null;
}): string {
  const { projectId, hash, lastVisited, view } = input;
  const suffix = linkShareHash(hash);
  if (lastVisited) {
    const withoutHash = lastVisited.split('#')[0];
    const pathname = withoutHash.split('?')[0];
    if (linkShareAccess(pathname, projectId) === 'allow') return `${withoutHash}${suffix}`;
  }
  if (view) return `/projects/${projectId}/${view.id}${suffix}`;
  return `/projects/${projectId}${suffix}`;
}

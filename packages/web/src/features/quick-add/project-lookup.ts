/**
 * Which project a quick-added task goes to (spec 2 §5, behaviour.md §1.8): the project named in the
 * text by exact title ignoring case, then by identifier; else the project the caller passes in;
 * else the project of the current route. Pseudo-projects (favourites, saved filters) never count.
 */

export interface ProjectLike {
  id: number;
  title: string;
  identifier: string;
  isArchived: boolean;
}

/** An active project wins over an archived one of the same name, which cannot take new tasks. */
function byActivity<T extends ProjectLike>(projects: readonly T[]): T[] {
  return projects.filter((p) => p.id > 0).sort((a, b) => Number(a.isArchived) - Number(b.isArchived));
}

/** The project a quick-add name means: exact title ignoring case, then identifier; null if none. */
export function findProjectByName<T extends ProjectLike>(projects: readonly T[], name: string): T | null {
  const wanted = name.trim().toLowerCase();
  if (wanted === '') return null;
  const candidates = byActivity(projects);
  return (
    candidates.find((p) => p.title.toLowerCase() === wanted) ??
    candidates.find((p) => p.identifier !== '' && p.identifier.toLowerCase() === wanted) ??
    null
  );
}

export interface ProjectChoice {
  projects: readonly ProjectLike[];
  /** The project written in the text (`+Work`), if any. */
  name: string | null;
  /** The project the caller creates in: the view's project, or the palette's default. */
  givenProjectId: number | null;
  /** The project of the page the user is on, if the route names one. */
  routeProjectId: number | null;
}

/** The project id for a new task, or null when none can be determined (NO_PROJECT). */
export function resolveQuickAddProject(choice: ProjectChoice): number | null {
  if (choice.name !== null) {
    const named = findProjectByName(choice.projects, choice.name);
    if (named) return named.id;
  }
  if (choice.givenProjectId !== null && choice.givenProjectId > 0) return choice.givenProjectId;
  if (choice.routeProjectId !== null && choice.routeProjectId > 0) return choice.routeProjectId;
  return null;
}

/** `/projects/12/34` (or `/projects/12/settings/edit`) → 12; any other path → null. */
export function projectIdOfPath(pathname: string): number | null {
  const match = /^\/projects\/(-?\d+)(?:\/|$)/.exec(pathname);
  return match ? Number(match[1]) : null;
}

/**
 * Recently opened projects (behaviour.md §7): `projectHistory` in localStorage, a JSON array of
 * `{id}`, most recent first, at most 6; an empty list removes the key.
 */
export const PROJECT_HISTORY_KEY = 'projectHistory';
export const RECENT_PROJECTS_LIMIT = 6;

export function readProjectHistory(storage: Storage = localStorage): number[] {
  const raw = storage.getItem(PROJECT_HISTORY_KEY);
  if (!raw) return [];
  try {
    const parsed = JSON.parse(raw) as unknown;
    if (!Array.isArray(parsed)) return [];
    return parsed
      .map((entry) => Number((entry as { id?: unknown })?.id))
      .filter((id) => Number.isInteger(id));
  } catch {
    return [];
  }
}

function write(ids: number[], storage: Storage): void {
  if (ids.length === 0) storage.removeItem(PROJECT_HISTORY_KEY);
  else storage.setItem(PROJECT_HISTORY_KEY, JSON.stringify(ids.map((id) => ({ id }))));
}

export function saveProjectToHistory(id: number, storage: Storage = localStorage): void {
  const ids = [id, ...readProjectHistory(storage).filter((other) => other !== id)];
  write(ids.slice(0, RECENT_PROJECTS_LIMIT), storage);
}

export function removeProjectFromHistory(id: number, storage: Storage = localStorage): void {
  write(
    readProjectHistory(storage).filter((other) => other !== id),
    storage,
  );
}

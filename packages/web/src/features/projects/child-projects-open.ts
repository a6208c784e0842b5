/**
 * Which child lists are open in the side navigation (spec 2 §2): `navigation-child-projects-open`
 * in localStorage, a JSON object from project id to open. Lists are open until closed.
 */
import { useCallback, useState } from 'react';

export const CHILD_PROJECTS_OPEN_KEY = 'navigation-child-projects-open';

function read(): Record<string, boolean> {
  try {
    const parsed = JSON.parse(localStorage.getItem(CHILD_PROJECTS_OPEN_KEY) ?? '{}') as unknown;
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, boolean>) : {};
  } catch {
    return {};
  }
}

export function useChildProjectsOpen(projectId: number): [boolean, () => void] {
  const [open, setOpen] = useState(() => read()[projectId] !== false);
  const toggle = useCallback(() => {
    setOpen((was) => {
      localStorage.setItem(CHILD_PROJECTS_OPEN_KEY, JSON.stringify({ ...read(), [projectId]: !was }));
      return !was;
    });
  }, [projectId]);
  return [open, toggle];
}

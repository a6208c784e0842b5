/**
 * The project a task in a view belongs to, when that is not the view's own project: a saved
 * filter's and the favourites' tasks come from many projects, and a project's list shows subtasks
 * kept in other projects. The views name it beside the task (as the upcoming list does), so that
 * "#3" says which project's third task it is. Given by the project page around its view, so rows
 * and cards read it without every list passing it down.
 */
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { projectTitle } from '../projects/project-title';
import { useProjects } from '../projects/use-projects';

export interface OtherProject {
  id: number;
  title: string;
}

type OtherProjectOf = (projectId: number) => OtherProject | undefined;

const OtherProjectContext = createContext<OtherProjectOf>(() => undefined);

export function OtherProjectProvider({
  viewProjectId,
  children,
}: {
  viewProjectId: number;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const projects = useProjects().data;
  const otherProjectOf = useMemo<OtherProjectOf>(() => {
    const byId = new Map((projects ?? []).map((p) => [p.id, { id: p.id, title: projectTitle(p, t) }]));
    return (projectId) => (projectId === viewProjectId ? undefined : byId.get(projectId));
  }, [projects, viewProjectId, t]);
  return <OtherProjectContext.Provider value={otherProjectOf}>{children}</OtherProjectContext.Provider>;
}

/** The task's project when the view shows it away from its own; undefined in its own project. */
export function useOtherProject(projectId: number): OtherProject | undefined {
  return useContext(OtherProjectContext)(projectId);
}

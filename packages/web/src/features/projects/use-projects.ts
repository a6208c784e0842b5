/**
 * The project cache: every visible project (archived included, with rights) in one query, as the
 * side navigation, the projects page and the project screens all need it. Writes update the
 * cache at once and roll back with an error notice when the server refuses.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  createProject,
  deleteProject,
  duplicateProject,
  fetchProject,
  type Project,
  type ProjectInput,
  projectInput,
  updateProject,
} from '../../api/projects';
import { queryKeys } from '../../api/query-keys';
import { showError } from '../../ui/notices';
import { projectsQuery } from './projects-query';

export { projectsQuery };

export function useProjects() {
  return useQuery(projectsQuery);
}

/**
 * One project: taken from the list when it is there (no extra request, same rights), else read
 * on its own (for example a project opened by link before the list arrived).
 */
export function useProject(id: number) {
  const projects = useProjects();
  const fromList = projects.data?.find((p) => p.id === id);
  const single = useQuery({
    queryKey: queryKeys.project(id),
    queryFn: () => fetchProject(id),
    // The shell asks with NaN on pages that are not a project's.
    enabled: Number.isInteger(id) && projects.isSuccess && !fromList,
  });
  return {
    project: fromList ?? single.data,
    isLoading: projects.isLoading || (!fromList && single.isLoading),
    error: projects.error ?? (fromList ? null : single.error),
  };
}

/** Replace one project in the cached list (keeps the right, which updates do not carry). */
function patchCache(list: Project[] | undefined, updated: Project): Project[] | undefined {
  return list?.map((p) =>
    p.id === updated.id ? { ...updated, maxRight: updated.maxRight ?? p.maxRight } : p,
  );
}

/** Save a whole project optimistically; `patch` holds the fields that change. */
export function useSaveProject() {
  const client = useQueryClient();
  const { t } = useTranslation();
  return useMutation({
    mutationFn: ({ project, patch }: { project: Project; patch: Partial<ProjectInput> }) =>
      updateProject(project.id, { ...projectInput(project), ...patch }),
    onMutate: async ({ project, patch }) => {
      await client.cancelQueries({ queryKey: queryKeys.projects, exact: true });
      const previous = client.getQueryData<Project[]>(queryKeys.projects);
      client.setQueryData<Project[]>(queryKeys.projects, (list) =>
        patchCache(list, { ...project, ...patch }),
      );
      return { previous };
    },
    onError: (error, _vars, context) => {
      if (context?.previous) client.setQueryData(queryKeys.projects, context.previous);
      showError(t, error);
    },
    onSuccess: (saved) => {
      client.setQueryData<Project[]>(queryKeys.projects, (list) => patchCache(list, saved));
      client.setQueryData(queryKeys.project(saved.id), (old: Project | undefined) =>
        old ? { ...saved, maxRight: old.maxRight } : undefined,
      );
    },
    onSettled: (_saved, _error, { project, patch }) => {
      // Archiving cascades to children and a move re-spreads siblings: reload the whole list.
      if ('isArchived' in patch || 'parentProjectId' in patch) {
        void client.invalidateQueries({ queryKey: queryKeys.projects, exact: true });
      }
      void client.invalidateQueries({ queryKey: queryKeys.project(project.id), exact: true });
    },
  });
}

export function useCreateProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: Partial<ProjectInput> & { title: string }) => createProject(input),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.projects, exact: true }),
  });
}

export function useDeleteProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (project: Project) => deleteProject(project.id),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.projects, exact: true }),
  });
}

export function useDuplicateProject() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ project, parentProjectId }: { project: Project; parentProjectId: number }) =>
      duplicateProject(project.id, parentProjectId),
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.projects, exact: true }),
  });
}

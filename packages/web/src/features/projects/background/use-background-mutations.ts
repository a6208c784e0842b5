/**
 * Uploading and removing a project's background. The server answers with the project, which
 * replaces the cached one (its new `updated` makes the backdrop fetch the new image).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { removeBackground, uploadBackground } from '../../../api/project-backgrounds';
import type { Project } from '../../../api/projects';
import { queryKeys } from '../../../api/query-keys';

function useStoreProject() {
  const client = useQueryClient();
  return (saved: Project) => {
    client.setQueryData<Project[]>(queryKeys.projects, (list) =>
      list?.map((p) => (p.id === saved.id ? { ...saved, maxRight: saved.maxRight ?? p.maxRight } : p)),
    );
    client.setQueryData<Project>(queryKeys.project(saved.id), (old) =>
      old ? { ...saved, maxRight: saved.maxRight ?? old.maxRight } : old,
    );
  };
}

export function useUploadBackground(projectId: number) {
  const store = useStoreProject();
  return useMutation({ mutationFn: (file: File) => uploadBackground(projectId, file), onSuccess: store });
}

export function useRemoveBackground(projectId: number) {
  const store = useStoreProject();
  return useMutation({ mutationFn: () => removeBackground(projectId), onSuccess: store });
}

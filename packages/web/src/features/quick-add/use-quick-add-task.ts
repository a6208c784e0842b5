/**
 * Quick-add for any place a task title is typed (list input, kanban card input, the palette):
 * reads the user's magic mode, the project list and the current route, creates the task(s) and
 * has what shows tasks and labels read again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { labelKeys } from '../../api/labels';
import { fetchAllProjects } from '../../api/projects';
import { queryKeys } from '../../api/query-keys';
import { cachedLabels } from '../../app/offline/cached-labels';
import { useProjects } from '../projects/use-projects';
import { createQuickAddTasks, type ExtraTaskFields, type QuickAddOutcome } from './create-quick-add-tasks';
import type { QuickAddEnvironment } from './task-draft';
import { useQuickAddSettings } from './use-quick-add-settings';
import { useRouteProjectId } from './use-route-project';

export interface QuickAddRequest {
  text: string;
  /** The project the input belongs to (a view's project, the palette's default); null for none. */
  projectId: number | null;
  /** A kanban bucket of that project to put the tasks in. */
  bucketId?: number;
  extraFields?: ExtraTaskFields;
}

export function useQuickAddTask() {
  const projects = useProjects().data ?? [];
  const routeProjectId = useRouteProjectId();
  const client = useQueryClient();
  const { mode, defaultProjectId, defaultReminders } = useQuickAddSettings();

  function environment(projectId: number | null, now = new Date()): QuickAddEnvironment {
    return { mode, now, projects, givenProjectId: projectId, routeProjectId, defaultReminders };
  }

  const mutation = useMutation<QuickAddOutcome, Error, QuickAddRequest>({
    mutationFn: async ({ text, projectId, bucketId, extraFields }) => {
      // A `+Project` typed before the project list arrived must still be found.
      const all = await client.ensureQueryData({ queryKey: queryKeys.projects, queryFn: fetchAllProjects });
      const labelsHere = () => cachedLabels(client);
      return createQuickAddTasks(
        text,
        { ...environment(projectId), projects: all, labelsHere },
        bucketId,
        extraFields,
      );
    },
    // The lists are read again in the background, not awaited: the input is free for the next
    // task as soon as this one exists (or waits in the outbox), instead of one more round trip
    // of every task list on screen later. The new rows come with that read.
    onSuccess: ({ createdLabels }) => {
      void client.invalidateQueries({ queryKey: queryKeys.tasks });
      if (createdLabels.length > 0) void client.invalidateQueries({ queryKey: labelKeys.all });
    },
  });

  return {
    mode,
    defaultProjectId,
    /** For the preview: the same inputs creation will use, read now. */
    environment,
    create: mutation.mutateAsync,
    isPending: mutation.isPending,
  };
}

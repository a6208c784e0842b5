/**
 * Toggling a reaction where it is cached (the task's own reactions, or a comment in the comment
 * list): shown at once, taken back with the catalogue error when the server refuses it, and
 * reloaded afterwards so other people's reactions show too.
 */
import { type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addReaction,
  fetchReactions,
  type ReactionEntity,
  type ReactionMap,
  removeReaction,
} from '../../../api/reactions';
import { showError } from '../../../ui/notices';
import { useSignedInUser } from '../../auth/use-current-user';
import { hasReacted, withReaction } from './reactions';

export interface ReactionTarget<T> {
  kind: ReactionEntity;
  id: number;
  /** The query whose data holds the reactions. */
  queryKey: QueryKey;
  read: (data: T) => ReactionMap | null | undefined;
  write: (data: T, reactions: ReactionMap) => T;
}

export function useReactionToggle<T>(target: ReactionTarget<T>): (value: string) => void {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const { kind, id, queryKey, read, write } = target;
  // A second click on a reaction still being saved would race the first request.
  const inFlight = useRef(new Set<string>());

  const change = (value: string, given: boolean) =>
    queryClient.setQueryData<T>(queryKey, (data) =>
      data === undefined ? data : write(data, withReaction(read(data), value, user, given)),
    );

  const mutation = useMutation({
    mutationFn: ({ value, given }: { value: string; given: boolean }) =>
      given ? addReaction(kind, id, value) : removeReaction(kind, id, value),
    onMutate: async ({ value, given }) => {
      await queryClient.cancelQueries({ queryKey, exact: true });
      change(value, given);
    },
    onError: (error, { value, given }) => {
      change(value, !given);
      showError(t, error);
    },
    onSettled: (_data, _error, { value }) => {
      inFlight.current.delete(value);
      return queryClient.invalidateQueries({ queryKey, exact: true });
    },
  });

  return (value: string) => {
    const data = queryClient.getQueryData<T>(queryKey);
    if (data === undefined || inFlight.current.has(value)) return;
    inFlight.current.add(value);
    mutation.mutate({ value, given: !hasReacted(read(data), value, user.id) });
  };
}

export const reactionKeys = {
  task: (taskId: number) => ['tasks', 'detail', taskId, 'reactions'] as const,
};

/** The task's own reactions (the task itself carries them only with `expand=reactions`). */
export function useTaskReactions(taskId: number) {
  const queryKey = reactionKeys.task(taskId);
  const query = useQuery({ queryKey, queryFn: () => fetchReactions('tasks', taskId) });
  const toggle = useReactionToggle<ReactionMap>({
    kind: 'tasks',
    id: taskId,
    queryKey,
    read: (data) => data,
    write: (_data, reactions) => reactions,
  });
  return { reactions: query.data, failed: query.isError, toggle };
}

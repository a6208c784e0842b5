/**
 * The reaction bars of the task detail: one for the task, one per comment. Reacting needs write
 * on the task and a user account: the server refuses link shares, so they only see reactions.
 */
import { useTranslation } from 'react-i18next';
import type { Comment } from '../../../api/comments';
import { taskKeys } from '../../../api/tasks';
import { useLinkShareSession } from '../../link-share/link-share-session';
import { ReactionBar } from './reaction-bar';
import { useReactionToggle, useTaskReactions } from './use-reactions';

function useCanReact(canWrite: boolean): boolean {
  const linkShare = useLinkShareSession();
  return canWrite && linkShare === null;
}

export function TaskReactions({ taskId, canWrite }: { taskId: number; canWrite: boolean }) {
  const { t } = useTranslation();
  const canReact = useCanReact(canWrite);
  const { reactions, failed, toggle } = useTaskReactions(taskId);
  if (failed || reactions === undefined) return null;
  return (
    <ReactionBar
      reactions={reactions}
      canReact={canReact}
      onToggle={toggle}
      label={t('tasks.reactions.ofTask')}
    />
  );
}

export function CommentReactions({
  taskId,
  comment,
  canWrite,
}: {
  taskId: number;
  comment: Comment;
  canWrite: boolean;
}) {
  const { t } = useTranslation();
  const canReact = useCanReact(canWrite);
  const toggle = useReactionToggle<Comment[]>({
    kind: 'comments',
    id: comment.id,
    queryKey: taskKeys.comments(taskId),
    read: (comments) => comments.find((c) => c.id === comment.id)?.reactions,
    write: (comments, reactions) => comments.map((c) => (c.id === comment.id ? { ...c, reactions } : c)),
  });
  return (
    <ReactionBar
      reactions={comment.reactions}
      canReact={canReact}
      onToggle={toggle}
      label={t('tasks.reactions.ofComment')}
    />
  );
}

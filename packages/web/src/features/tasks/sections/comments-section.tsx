/**
 * Comments (spec 2 §3), with the task's changes between them (a switch hides those): oldest first; the author edits or deletes their own; a comment changed
 * after it was written says so; each has its reactions and a permalink (its date: a click copies
 * `/tasks/{id}#comment-{id}`; opening that address scrolls to the comment and marks it).
 */
import { Anchor, Avatar, Button, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import { displayName } from '@ordo/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { type Activity, fetchTaskActivity } from '../../../api/activity';
import { addComment, type Comment, deleteComment, editComment, fetchComments } from '../../../api/comments';
import { taskKeys } from '../../../api/tasks';
import { restoreDeleted } from '../../../api/trash';
import { lazyPage } from '../../../app/lazy-page';
import { commentIdOf, isWaitingComment } from '../../../app/offline/offline-changes';
import { isOwn, isWaiting, outbox } from '../../../app/offline/outbox';
import { newIdempotencyKey } from '../../../app/offline/outbox-entry';
import { withWaitingComments } from '../../../app/offline/waiting-comments';
import { copyWithNotice } from '../../../ui/clipboard';
import { ConfirmModal } from '../../../ui/confirm-modal';
import { DelayedLoader } from '../../../ui/delayed-loader';
import { showError, showSuccess } from '../../../ui/notices';
import { scrollMotion } from '../../../ui/scroll-motion';
import { useSignedInUser } from '../../auth/use-current-user';
import { showDeletedWithUndo } from '../../trash/undo-notice';
import { UserAvatar } from '../../users/user-avatar';
import { CommentReactions } from '../reactions/task-reactions';
import { RichTextView } from '../rich-text-view';
import { formatDateTime } from '../task-dates';
import type { TaskEditor } from '../use-task-editor';
import { ActivityLine } from './activity-line';

// Not React.lazy: a download that failed offline is tried again (lazy-page.ts).
const CommentEditor = lazyPage(() => import('./comment-editor'), 'CommentEditor');

/** Holds the editor's place while its code loads, at its height, so nothing below jumps. */
function EditorLoading() {
  const { t } = useTranslation();
  return <DelayedLoader label={t('tasks.detail.loading')} minHeight={118} />;
}

type TimelineItem =
  | { kind: 'comment'; at: number; comment: Comment }
  | { kind: 'change'; at: number; entry: Activity };

/**
 * Comments and changes in one list, oldest first. Times are whole seconds, so within one second
 * a task's creation comes first, then comments, then the other changes.
 */
function mergeTimeline(comments: readonly Comment[], changes: readonly Activity[]): TimelineItem[] {
  const items: TimelineItem[] = [
    ...comments.map((comment) => ({ kind: 'comment' as const, at: Date.parse(comment.created), comment })),
    ...changes.map((entry) => ({ kind: 'change' as const, at: Date.parse(entry.created), entry })),
  ];
  const group = (item: TimelineItem) =>
    item.kind === 'comment' ? 1 : item.entry.field === 'created' ? 0 : 2;
  const id = (item: TimelineItem) => (item.kind === 'comment' ? item.comment.id : item.entry.id);
  return items.sort((a, b) => a.at - b.at || group(a) - group(b) || id(a) - id(b));
}

function commentAnchor(id: number): string {
  return `comment-${id}`;
}

function commentPermalink(taskId: number, id: number): string {
  return `${window.location.origin}/tasks/${taskId}#${commentAnchor(id)}`;
}

/** The comment the address names (`#comment-12`), scrolled into view once the comments are shown. */
function useLinkedComment(loaded: boolean): number | null {
  const { hash } = useLocation();
  const linked = /^#comment-(\d+)$/.exec(hash);
  const id = linked ? Number(linked[1]) : null;
  useEffect(() => {
    if (!loaded || id === null) return;
    document.getElementById(commentAnchor(id))?.scrollIntoView({ block: 'center', behavior: scrollMotion() });
  }, [loaded, id]);
  return id;
}

export function CommentsSection({ editor }: { editor: TaskEditor }) {
  const { t, i18n } = useTranslation();
  const user = useSignedInUser();
  const queryClient = useQueryClient();
  const taskId = editor.task.id;
  const key = taskKeys.comments(taskId);
  const comments = useQuery({
    queryKey: key,
    queryFn: async () => {
      const fetched = await fetchComments(taskId);
      const waiting = outbox.snapshot().pending.filter((entry) => isOwn(entry));
      return withWaitingComments(taskId, fetched, waiting, user);
    },
  });
  const [showChanges, setShowChanges] = useState(true);
  // Keyed by the task's last change, so each save shows its entry.
  const activity = useQuery({
    queryKey: [...taskKeys.activity(taskId), editor.task.updated],
    queryFn: () => fetchTaskActivity(taskId),
    enabled: showChanges,
  });
  // The comments whose new text waits in the outbox (ids joined, a value the store can compare).
  const editsWaiting = useSyncExternalStore(outbox.subscribe, () =>
    outbox
      .snapshot()
      .pending.filter((entry) => entry.kind === 'commentEdit' && entry.taskId === taskId)
      .map(commentIdOf)
      .join(','),
  );
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<Comment | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: key, exact: true });
  const linkedComment = useLinkedComment(comments.data !== undefined);

  const copyPermalink = (id: number) =>
    copyWithNotice(t, commentPermalink(taskId, id), t('tasks.comments.linkCopied'));

  // A comment sent again after a failure (its answer may have been lost on the way) goes under
  // the key of its first try: the server answers what it did then instead of adding it twice.
  const lastTry = useRef<{ taskId: number; html: string; key: string } | null>(null);
  const add = useMutation({
    mutationFn: (html: string) => {
      const last = lastTry.current;
      const key = last?.html === html && last.taskId === taskId ? last.key : newIdempotencyKey();
      lastTry.current = { taskId, html, key };
      return addComment(taskId, html, key);
    },
    onSuccess: (comment) => {
      lastTry.current = null;
      // Without a network the comment waits on this device (app/offline/outbox.ts).
      showSuccess(t, t(isWaitingComment(comment) ? 'tasks.comments.addedOffline' : 'tasks.comments.added'));
      return refresh();
    },
    onError: (error) => showError(t, error),
  });
  const edit = useMutation({
    mutationFn: ({ id, html }: { id: number; html: string }) => editComment(taskId, id, html),
    onSuccess: (_, { id }) => {
      setEditing(null);
      // Without a network the new text waits on this device (app/offline/outbox.ts).
      const waiting = isWaiting('POST', `/tasks/${taskId}/comments/${id}`);
      showSuccess(t, t(waiting ? 'tasks.comments.savedOffline' : 'tasks.comments.saved'));
      return refresh();
    },
    onError: (error) => showError(t, error),
  });
  const remove = useMutation({
    mutationFn: (id: number) => deleteComment(taskId, id),
    onSuccess: (_, id) => {
      setDeleting(null);
      // Deleted without a network, it is deleted on the server once back online: nothing to undo yet.
      if (isWaiting('DELETE', `/tasks/${taskId}/comments/${id}`)) {
        showSuccess(t, t('tasks.comments.deletedOffline'));
        return refresh();
      }
      showDeletedWithUndo(t, t('tasks.comments.deleted'), {
        restore: () => restoreDeleted('comment', id),
        restored: t('tasks.comments.restored'),
        refresh,
      });
      return refresh();
    },
    onError: (error) => showError(t, error),
  });

  if (comments.error && !comments.data) return <Text c="red">{t('common.loadingFailed')}</Text>;
  if (!comments.data) return <DelayedLoader label={t('tasks.comments.loading')} minHeight={60} />;
  const timeline = mergeTimeline(comments.data, showChanges ? (activity.data ?? []) : []);
  return (
    <Stack gap="sm">
      <Switch
        size="xs"
        label={t('tasks.activity.showChanges')}
        checked={showChanges}
        onChange={(event) => setShowChanges(event.currentTarget.checked)}
        style={{ alignSelf: 'flex-end' }}
      />
      {timeline.map((item) => {
        if (item.kind === 'change') return <ActivityLine key={`a${item.entry.id}`} entry={item.entry} />;
        const comment = item.comment;
        const waiting = isWaitingComment(comment);
        const mine = comment.author?.id === user.id;
        const edited = comment.updated !== comment.created;
        const name = comment.author ? displayName(comment.author) : '';
        return (
          <Paper
            key={comment.id}
            id={commentAnchor(comment.id)}
            withBorder
            radius="md"
            p="sm"
            data-testid="comment"
            aria-current={linkedComment === comment.id ? 'location' : undefined}
            style={
              linkedComment === comment.id
                ? {
                    borderColor: 'var(--mantine-primary-color-filled)',
                    boxShadow: 'var(--mantine-shadow-sm)',
                  }
                : undefined
            }
          >
            <Group gap="xs" mb={6} wrap="nowrap">
              {comment.author ? (
                <UserAvatar user={comment.author} size={24} />
              ) : (
                <Avatar size={24} radius="xl" />
              )}
              <Text size="sm" fw={600}>
                {name}
              </Text>
              {waiting ? (
                <Text size="xs" c="dimmed" fs="italic">
                  {t('tasks.comments.waiting')}
                </Text>
              ) : (
                <Text size="xs" c="dimmed">
                  <Anchor
                    href={commentPermalink(taskId, comment.id)}
                    c="dimmed"
                    inherit
                    title={t('tasks.comments.copyLink')}
                    onClick={(event) => {
                      event.preventDefault();
                      void copyPermalink(comment.id);
                    }}
                  >
                    {formatDateTime(new Date(comment.created), i18n.language)}
                  </Anchor>
                  {edited &&
                    ` · ${t('tasks.comments.edited', { date: formatDateTime(new Date(comment.updated), i18n.language) })}`}
                  {editsWaiting.split(',').includes(String(comment.id)) && (
                    <Text span inherit fs="italic">
                      {` · ${t('tasks.comments.waiting')}`}
                    </Text>
                  )}
                </Text>
              )}
            </Group>
            {editing === comment.id ? (
              <Suspense fallback={<EditorLoading />}>
                <CommentEditor
                  projectId={editor.task.projectId}
                  initial={comment.comment}
                  submitLabel={t('common.save')}
                  pending={edit.isPending}
                  onSubmit={(html) => edit.mutateAsync({ id: comment.id, html })}
                  onCancel={() => setEditing(null)}
                />
              </Suspense>
            ) : (
              <RichTextView html={comment.comment} label={t('tasks.comments.byAuthor', { name })} />
            )}
            {editing !== comment.id && !waiting && (
              <Group justify="space-between" gap="xs" mt={6}>
                <CommentReactions taskId={taskId} comment={comment} canWrite={editor.canWrite} />
                {mine && editor.canWrite && (
                  <Group gap={4} ml="auto">
                    <Button variant="subtle" size="compact-xs" onClick={() => setEditing(comment.id)}>
                      {t('tasks.comments.edit')}
                    </Button>
                    <Button
                      variant="subtle"
                      color="red"
                      size="compact-xs"
                      onClick={() => setDeleting(comment)}
                    >
                      {t('tasks.comments.delete')}
                    </Button>
                  </Group>
                )}
              </Group>
            )}
          </Paper>
        );
      })}
      {comments.data.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('tasks.comments.none')}
        </Text>
      )}
      {editor.canWrite && (
        <Suspense fallback={<EditorLoading />}>
          <CommentEditor
            projectId={editor.task.projectId}
            initial=""
            submitLabel={t('tasks.comments.add')}
            pending={add.isPending}
            onSubmit={(html) => add.mutateAsync(html)}
          />
        </Suspense>
      )}
      <ConfirmModal
        opened={deleting !== null}
        title={t('tasks.comments.deleteTitle')}
        message={t('tasks.comments.deleteConfirm')}
        confirmLabel={t('tasks.comments.delete')}
        loading={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      />
    </Stack>
  );
}

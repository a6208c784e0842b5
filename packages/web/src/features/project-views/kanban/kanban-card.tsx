/**
 * A kanban card: cover image, identifier, title, labels, due date (red when overdue), priority,
 * checklist progress, attachment and comment counts, assignees, and the task's colour as a stripe.
 * The whole card drags (pointer past 5 px, or Space from the keyboard); a click or Enter opens it.
 */
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { colorWithHash } from '@ordo/core';
import { IconCheck, IconListCheck, IconMessage, IconPaperclip } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type CSSProperties, type KeyboardEvent, memo } from 'react';
import { useTranslation } from 'react-i18next';
import { attachmentBlob, attachmentsOf } from '../../../api/attachments';
import type { Task } from '../../../api/tasks';
import { useObjectUrl } from '../../../ui/use-object-url';
import { checklistProgress } from '../../tasks/checklist';
import { showsPriority, wireDate } from '../task-display';
import { Assignees, DueDate, LabelBadges, PriorityBadge } from '../task-parts';
import classes from './kanban.module.css';

export const cardId = (taskId: number) => `task-${taskId}`;

interface CardProps {
  task: Task;
  now: Date;
  minimumPriority: number;
  onOpen?: (task: Task) => void;
}

function CoverImage({ task }: { task: Task }) {
  const attachment = attachmentsOf(task).find((a) => a.id === task.coverImageAttachmentId);
  const preview = useQuery({
    queryKey: ['attachment-preview', task.id, attachment?.id ?? 0, 'md'],
    queryFn: ({ signal }) => attachmentBlob(task.id, attachment?.id ?? 0, 'md', signal),
    enabled: attachment !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const url = useObjectUrl(preview.data);
  if (!attachment || !url) return null;
  return <img className={classes.cover} src={url} alt="" loading="lazy" />;
}

/** The card's content, shared by the card in its bucket and the one under the pointer. */
export const CardBody = memo(function CardBody({ task, now, minimumPriority }: CardProps) {
  const { t } = useTranslation();
  const checklist = checklistProgress(task.description ?? '');
  const attachments = attachmentsOf(task).length;
  // Read with `expand=comment_count`.
  const comments = (task as Task & { commentCount?: number }).commentCount ?? 0;
  const priority = showsPriority(task, minimumPriority);
  const checklistText = t('projectViews.kanban.checklist', { ...checklist });
  const hasFooter =
    checklist.total > 0 ||
    attachments > 0 ||
    comments > 0 ||
    priority ||
    !!task.assignees?.length ||
    (!task.done && wireDate(task.dueDate) !== null);
  return (
    <>
      {task.coverImageAttachmentId > 0 && <CoverImage task={task} />}
      <div className={classes.cardContent}>
        <Group gap={6} wrap="nowrap" justify="space-between">
          <Text size="xs" c="dimmed" className={classes.identifier}>
            {task.identifier || `#${task.index}`}
          </Text>
          {task.done && (
            <Badge size="xs" color="teal" variant="light" leftSection={<IconCheck size={10} />}>
              {t('projectViews.kanban.done')}
            </Badge>
          )}
        </Group>
        <Text size="sm" fw={500} className={classes.cardTitle} td={task.done ? 'line-through' : undefined}>
          {task.title}
        </Text>
        <LabelBadges labels={task.labels} />
        {hasFooter && (
          <Group gap={8} wrap="wrap" justify="space-between" className={classes.cardFooter}>
            <Group gap={8} wrap="wrap">
              {!task.done && <DueDate task={task} now={now} />}
              {priority && <PriorityBadge priority={task.priority} />}
              {checklist.total > 0 && (
                <Tooltip label={checklistText} openDelay={300}>
                  <Group
                    gap={3}
                    wrap="nowrap"
                    c={checklist.checked === checklist.total ? 'teal' : 'dimmed'}
                    aria-label={checklistText}
                  >
                    <IconListCheck size={14} aria-hidden="true" />
                    <Text size="xs" c="inherit">
                      {checklist.checked}/{checklist.total}
                    </Text>
                  </Group>
                </Tooltip>
              )}
              {attachments > 0 && (
                <Group
                  gap={3}
                  wrap="nowrap"
                  c="dimmed"
                  aria-label={t('projectViews.kanban.attachments', { count: attachments })}
                >
                  <IconPaperclip size={14} aria-hidden="true" />
                  <Text size="xs" c="inherit">
                    {attachments}
                  </Text>
                </Group>
              )}
              {comments > 0 && (
                <Group
                  gap={3}
                  wrap="nowrap"
                  c="dimmed"
                  aria-label={t('projectViews.kanban.comments', { count: comments })}
                >
                  <IconMessage size={14} aria-hidden="true" />
                  <Text size="xs" c="inherit">
                    {comments}
                  </Text>
                </Group>
              )}
            </Group>
            <Assignees users={task.assignees} />
          </Group>
        )}
      </div>
    </>
  );
});

function colorStyle(task: Task): CSSProperties | undefined {
  return task.hexColor ? ({ '--card-color': colorWithHash(task.hexColor) } as CSSProperties) : undefined;
}

/** The card in its bucket, sortable within and across buckets. */
export function KanbanCard({
  task,
  bucketId,
  canMove,
  now,
  minimumPriority,
  onOpen,
}: CardProps & { bucketId: number; canMove: boolean }) {
  const { t } = useTranslation();
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: cardId(task.id),
    data: { type: 'card', bucketId, taskId: task.id },
    disabled: !canMove,
    attributes: { roleDescription: t('projectViews.kanban.card') },
  });
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    listeners?.onKeyDown?.(event);
    if (event.key === 'Enter' && !event.defaultPrevented && !isDragging) onOpen?.(task);
  }
  return (
    // biome-ignore lint/a11y/useSemanticElements: the card holds block content (cover, labels, avatars) that a <button> may not contain
    <div
      ref={setNodeRef}
      className={classes.card}
      data-dragging={isDragging || undefined}
      data-done={task.done || undefined}
      data-colored={task.hexColor ? true : undefined}
      data-task-id={task.id}
      style={{ ...colorStyle(task), transform: CSS.Translate.toString(transform), transition }}
      {...attributes}
      role="button"
      tabIndex={0}
      {...listeners}
      onKeyDown={onKeyDown}
      onClick={() => onOpen?.(task)}
      aria-label={task.title}
    >
      <CardBody task={task} now={now} minimumPriority={minimumPriority} />
    </div>
  );
}

/** The card following the pointer while it is dragged. */
export function DraggedCard({ task, now, minimumPriority }: CardProps) {
  return (
    <div
      className={classes.card}
      data-overlay
      data-colored={task.hexColor ? true : undefined}
      style={colorStyle(task)}
    >
      <CardBody task={task} now={now} minimumPriority={minimumPriority} />
    </div>
  );
}

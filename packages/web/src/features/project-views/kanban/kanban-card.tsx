/**
 * A kanban card: cover image, identifier (after its project's title on a board of many projects),
 * a dot while it has unread comments, title, labels, the custom fields shown on cards, due date (red when overdue), priority, checklist progress,
 * attachment and comment counts, assignees, and the task's colour as a stripe.
 * The whole card drags (pointer past 5 px, or Space from the keyboard); a click or Enter opens it.
 * Where the board allows bulk changes, a card is picked with its selection box, Ctrl/Cmd+click,
 * Shift+click (the run from the last picked) or `x` while it has focus.
 */
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Badge, Group, Text } from '@mantine/core';
import { colorWithHash } from '@ordo/core';
import { IconCheck, IconListCheck, IconMessage, IconPaperclip } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type CSSProperties, type KeyboardEvent, type MouseEvent, memo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { attachmentBlob, attachmentsOf } from '../../../api/attachments';
import type { Task } from '../../../api/tasks';
import { RowCheckbox } from '../../../ui/row-checkbox';
import { useObjectUrl } from '../../../ui/use-object-url';
import { FieldChips, hasFieldValues } from '../../custom-fields/field-chips';
import { checklistProgress } from '../../tasks/checklist';
import { useOtherProject } from '../other-project';
import { showsPriority, wireDate } from '../task-display';
import { Assignees, DueDate, LabelBadges, PriorityBadge } from '../task-parts';
import { UnreadDot } from '../unread-dot';
import classes from './kanban.module.css';

export const cardId = (taskId: number) => `task-${taskId}`;

interface CardProps {
  task: Task;
  now: Date;
  minimumPriority: number;
  onOpen?: (task: Task) => void;
  /** The id of the card's field chips, which the card's button reads out as its description. */
  fieldsId?: string;
  /** The id of the card's unread marker, read out with the field chips. */
  unreadId?: string;
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
export const CardBody = memo(function CardBody({
  task,
  now,
  minimumPriority,
  fieldsId,
  unreadId,
}: CardProps) {
  const { t } = useTranslation();
  const checklist = checklistProgress(task.description ?? '');
  const attachments = attachmentsOf(task).length;
  // Read with `expand=comment_count`.
  const comments = (task as Task & { commentCount?: number }).commentCount ?? 0;
  const priority = showsPriority(task, minimumPriority);
  // A saved filter's board holds tasks of many projects: "#3" alone would not say whose.
  const otherProject = useOtherProject(task.projectId);
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
            {otherProject && <span className={classes.cardProject}>{otherProject.title}</span>}
            <span>{task.identifier || `#${task.index}`}</span>
          </Text>
          <Group gap={6} wrap="nowrap">
            {task.done && (
              <Badge size="xs" color="teal" variant="light" leftSection={<IconCheck size={10} />}>
                {t('projectViews.kanban.done')}
              </Badge>
            )}
            <UnreadDot task={task} id={unreadId} />
          </Group>
        </Group>
        <Text size="sm" fw={500} className={classes.cardTitle} td={task.done ? 'line-through' : undefined}>
          {task.title}
        </Text>
        <LabelBadges labels={task.labels} />
        <FieldChips projectId={task.projectId} values={task.customFields} id={fieldsId} />
        {hasFooter && (
          <Group gap={8} wrap="wrap" justify="space-between" className={classes.cardFooter}>
            <Group gap={8} wrap="wrap">
              {!task.done && <DueDate task={task} now={now} />}
              {priority && <PriorityBadge priority={task.priority} />}
              {checklist.total > 0 && (
                <Group
                  gap={3}
                  wrap="nowrap"
                  c={checklist.checked === checklist.total ? 'teal' : 'dimmed'}
                  aria-label={checklistText}
                  data-tip={checklistText}
                >
                  <IconListCheck size={14} aria-hidden="true" />
                  <Text size="xs" c="inherit">
                    {checklist.checked}/{checklist.total}
                  </Text>
                </Group>
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

interface CardSelection {
  /** Picking the card for a bulk change (with `extend`, the run from the last picked); absent when the board cannot. */
  onSelect?: (taskId: number, extend: boolean) => void;
  selected?: boolean;
  /** Some card of the board is picked: every card shows its selection box. */
  anySelected?: boolean;
}

/**
 * The card's selection box: its clicks and keys stay its own (no drag, no opening the task).
 * Memoised: the card renders again with every change of dnd-kit's context, the box need not.
 */
const SelectBox = memo(function SelectBox({
  task,
  selected,
  onSelect,
}: {
  task: Task;
  selected: boolean;
  onSelect: CardSelection['onSelect'];
}) {
  const { t } = useTranslation();
  const shiftClick = useRef(false);
  return (
    <RowCheckbox
      size="xs"
      className={classes.select}
      checked={selected}
      onPointerDown={(event) => event.stopPropagation()}
      onKeyDown={(event) => event.stopPropagation()}
      onClick={(event) => {
        event.stopPropagation();
        shiftClick.current = event.shiftKey;
      }}
      onChange={() => onSelect?.(task.id, shiftClick.current)}
      aria-label={t('projectViews.bulk.select', { title: task.title })}
    />
  );
});

/**
 * The card in its bucket, sortable within and across buckets. Dragging a card moves that card
 * only, even when several are picked: the bulk bar's Move is the way to move many at once.
 * Memoised: a scroll that brings new cards into view re-renders the bucket's virtual list, and
 * the cards already in view (a screenful of Mantine parts each) need not render again with it.
 */
export const KanbanCard = memo(function KanbanCard({
  task,
  bucketId,
  canMove,
  now,
  minimumPriority,
  onOpen,
  onSelect,
  selected = false,
  anySelected = false,
}: CardProps & CardSelection & { bucketId: number; canMove: boolean }) {
  const { t } = useTranslation();
  const fieldsId = `${cardId(task.id)}-fields`;
  const unreadId = `${cardId(task.id)}-unread`;
  const described = [
    ...(task.isUnread ? [unreadId] : []),
    ...(hasFieldValues(task.customFields) ? [fieldsId] : []),
  ];
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: cardId(task.id),
    data: { type: 'card', bucketId, taskId: task.id },
    disabled: !canMove,
    attributes: { roleDescription: t('projectViews.kanban.card') },
  });
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    listeners?.onKeyDown?.(event);
    if (event.defaultPrevented || isDragging) return;
    if (event.key === 'Enter') onOpen?.(task);
    const plainX = event.key === 'x' && !event.ctrlKey && !event.metaKey && !event.altKey;
    if (plainX && onSelect) {
      event.preventDefault();
      onSelect(task.id, false);
    }
  }
  function onClick(event: MouseEvent<HTMLDivElement>) {
    if (onSelect && (event.ctrlKey || event.metaKey || event.shiftKey)) {
      event.preventDefault();
      onSelect(task.id, event.shiftKey);
    } else onOpen?.(task);
  }
  // The selection box sits over the card but outside it: a control inside the card's button
  // would be a control inside a control, which screen readers cannot reach.
  return (
    <div
      ref={setNodeRef}
      className={classes.cardFrame}
      data-selecting={(onSelect && anySelected) || undefined}
      style={{ transform: CSS.Translate.toString(transform), transition }}
    >
      {/* biome-ignore lint/a11y/useSemanticElements: the card holds block content (cover, labels, avatars) that a <button> may not contain */}
      <div
        className={classes.card}
        data-dragging={isDragging || undefined}
        data-done={task.done || undefined}
        data-colored={task.hexColor ? true : undefined}
        data-task-id={task.id}
        data-selectable={onSelect ? true : undefined}
        data-selected={(onSelect && selected) || undefined}
        style={colorStyle(task)}
        {...attributes}
        role="button"
        tabIndex={0}
        {...listeners}
        onKeyDown={onKeyDown}
        onClick={onClick}
        aria-label={task.title}
        // The button's content is not read out: its name is the title; the unread marker and its
        // field values describe it.
        aria-describedby={described.length > 0 ? described.join(' ') : undefined}
      >
        <CardBody
          task={task}
          now={now}
          minimumPriority={minimumPriority}
          fieldsId={fieldsId}
          unreadId={unreadId}
        />
      </div>
      {onSelect && <SelectBox task={task} selected={selected} onSelect={onSelect} />}
    </div>
  );
});

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

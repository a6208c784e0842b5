/**
 * One task in the list view: done checkbox, title (opens the detail), a dot while it has unread
 * comments, its project when that is not the view's (other-project.tsx), labels, the custom fields
 * shown on cards, priority, due date and assignees. Ctrl/Cmd+click anywhere on the row marks it done.
 */
import { ActionIcon, Text } from '@mantine/core';
import { IconGripVertical } from '@tabler/icons-react';
import { forwardRef, type HTMLAttributes, memo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Task } from '../../../api/tasks';
import { RowCheckbox } from '../../../ui/row-checkbox';
import { FieldChips } from '../../custom-fields/field-chips';
import { useOtherProject } from '../other-project';
import { LabelBadges } from '../task-parts';
import projectLinkClasses from '../task-project-link.module.css';
import { TaskRowMeta } from '../task-row-meta';
import { UnreadDot } from '../unread-dot';
import classes from './list-view.module.css';

interface RowProps {
  task: Task;
  depth: number;
  index: number;
  focused: boolean;
  canWrite: boolean;
  minimumPriority: number;
  now: Date;
  onToggleDone: (task: Task, done: boolean) => void;
  onOpen: (task: Task) => void;
  onFocusRow: (index: number) => void;
  /** The drag handle's ref and props, when the list can be reordered (see SortableTaskRow). */
  handle?: { ref: (element: HTMLElement | null) => void; props: HTMLAttributes<HTMLElement> };
  dragging?: boolean;
  /** Where a task being dragged over this row would land. */
  landing?: 'before' | 'after';
  /** Picking the task for a bulk change (with Shift, the run from the last picked); absent when the list cannot. */
  onSelect?: (taskId: number, extend: boolean) => void;
  selected?: boolean;
  /** Some task of the list is picked: every row shows its selection box. */
  anySelected?: boolean;
}

// Memoised: while the list scrolls only the rows that come into view render (every prop is a
// value or a callback that stays the same between renders).
export const TaskListRow = memo(
  forwardRef<HTMLDivElement, RowProps>(function TaskListRow(
    {
      task,
      depth,
      index,
      focused,
      canWrite,
      minimumPriority,
      now,
      onToggleDone,
      onOpen,
      onFocusRow,
      handle,
      dragging,
      landing,
      onSelect,
      selected,
      anySelected,
    },
    ref,
  ) {
    const { t } = useTranslation();
    // The click on the selection box comes before its change: Shift is read there.
    const shiftClick = useRef(false);
    const otherProject = useOtherProject(task.projectId);
    return (
      // biome-ignore lint/a11y/useSemanticElements: a row of a virtualised list (see list-view)
      // biome-ignore lint/a11y/useKeyWithClickEvents: Ctrl/Cmd+click is a mouse shortcut; the checkbox is the keyboard way
      <div
        ref={ref}
        data-index={index}
        role="listitem"
        className={classes.row}
        data-focused={focused || undefined}
        data-done={task.done || undefined}
        data-task-id={task.id}
        data-dragging={dragging || undefined}
        data-selected={(onSelect && selected) || undefined}
        data-selecting={(onSelect && anySelected) || undefined}
        data-landing={landing}
        style={{ paddingInlineStart: 8 + depth * 28 }}
        onClick={(event) => {
          if ((event.ctrlKey || event.metaKey) && canWrite) {
            event.preventDefault();
            onToggleDone(task, !task.done);
          } else if (event.shiftKey && onSelect && event.target === event.currentTarget) {
            onSelect(task.id, true);
          }
        }}
      >
        {onSelect && (
          <RowCheckbox
            size="xs"
            className={classes.select}
            checked={selected ?? false}
            onClick={(event) => {
              event.stopPropagation();
              shiftClick.current = event.shiftKey;
            }}
            onChange={() => onSelect(task.id, shiftClick.current)}
            aria-label={t('projectViews.bulk.select', { title: task.title })}
          />
        )}
        {handle && (
          <ActionIcon
            ref={handle.ref}
            variant="subtle"
            color="gray"
            size="sm"
            className={classes.handle}
            aria-label={t('projectViews.list.moveHandle', { title: task.title })}
            {...handle.props}
          >
            <IconGripVertical size={14} />
          </ActionIcon>
        )}
        <RowCheckbox
          size="md"
          round
          checked={task.done}
          disabled={!canWrite}
          onChange={(event) => onToggleDone(task, event.currentTarget.checked)}
          onClick={(event) => event.stopPropagation()}
          aria-label={
            task.done
              ? t('projectViews.markUndone', { title: task.title })
              : t('projectViews.markDone', { title: task.title })
          }
        />
        <div className={classes.main}>
          <a
            href={`/tasks/${task.id}`}
            className={classes.title}
            data-task-link
            onFocus={() => onFocusRow(index)}
            onClick={(event) => {
              if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
              event.preventDefault();
              onOpen(task);
            }}
          >
            {task.title}
          </a>
          <UnreadDot task={task} />
          {otherProject && (
            <Link
              to={`/projects/${otherProject.id}`}
              className={projectLinkClasses.projectLink}
              onClick={(event) => event.stopPropagation()}
            >
              {otherProject.title}
            </Link>
          )}
          <Text span size="xs" c="dimmed" className={classes.identifier}>
            {task.identifier}
          </Text>
          <LabelBadges labels={task.labels} />
          <FieldChips projectId={task.projectId} values={task.customFields} />
        </div>
        <TaskRowMeta task={task} now={now} minimumPriority={minimumPriority} />
      </div>
    );
  }),
);

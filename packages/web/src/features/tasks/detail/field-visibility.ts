/**
 * Which attributes the task detail shows: fields without a value stay hidden until the user asks
 * for them (button or shortcut), which also scrolls to and focuses them.
 */
import { isCustomRrule, isRepeating, type RepeatMode } from '@ordo/core';
import { type RefObject, useEffect, useState } from 'react';
import { attachmentsOf } from '../../../api/attachments';
import { remindersOf, type Task } from '../../../api/tasks';
import { dateOf } from '../task-dates';

export type FieldName =
  | 'assignees'
  | 'priority'
  | 'dueDate'
  | 'startDate'
  | 'endDate'
  | 'percentDone'
  | 'repeat'
  | 'reminders'
  | 'color'
  | 'labels'
  | 'move'
  | 'attachments'
  | 'relations';

function hasValue(task: Task, field: FieldName): boolean {
  switch (field) {
    case 'assignees':
      return (task.assignees ?? []).length > 0;
    case 'priority':
      return task.priority > 0;
    case 'dueDate':
      return dateOf(task.dueDate) !== null;
    case 'startDate':
      return dateOf(task.startDate) !== null;
    case 'endDate':
      return dateOf(task.endDate) !== null;
    case 'percentDone':
      return task.percentDone > 0;
    case 'repeat':
      return (
        isRepeating({ repeatAfter: task.repeatAfter, repeatMode: task.repeatMode as RepeatMode }) ||
        isCustomRrule(task.repeatRule ?? '')
      );
    case 'reminders':
      return remindersOf(task).length > 0;
    case 'color':
      return task.hexColor !== '';
    case 'labels':
      return (task.labels ?? []).length > 0;
    case 'attachments':
      return attachmentsOf(task).length > 0;
    case 'relations':
      return Object.values(task.relatedTasks ?? {}).some((list) => (list ?? []).length > 0);
    case 'move':
      return false;
  }
}

export interface FieldVisibility {
  shown: (field: FieldName) => boolean;
  /** Show the field and focus it (its `[data-task-focus]` element, inside `[data-field]`). */
  reveal: (field: FieldName) => void;
}

export function useFieldVisibility(task: Task, root: RefObject<HTMLElement | null>): FieldVisibility {
  const [active, setActive] = useState<Set<FieldName>>(new Set());
  const [focusRequest, setFocusRequest] = useState<{ field: FieldName; n: number } | null>(null);

  function reveal(field: FieldName) {
    setActive((current) => new Set(current).add(field));
    setFocusRequest((current) => ({ field, n: (current?.n ?? 0) + 1 }));
  }

  useEffect(() => {
    if (!focusRequest) return;
    const timer = window.setTimeout(() => {
      const container = root.current?.querySelector(`[data-field="${focusRequest.field}"]`);
      container?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
      const target = container?.querySelector<HTMLElement>('[data-task-focus]');
      if (!target) return;
      target.focus();
      if (target.dataset.taskFocus === 'click') target.click();
    }, 50);
    return () => window.clearTimeout(timer);
  }, [focusRequest, root]);

  return { shown: (field) => hasValue(task, field) || active.has(field), reveal };
}

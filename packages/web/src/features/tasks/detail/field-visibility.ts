/**
 * Which attributes the task detail shows: fields without a value stay hidden until the user asks
 * for them (button or shortcut), which also scrolls to and focuses them.
 */
import { type RefObject, useEffect, useState } from 'react';
import type { Task } from '../../../api/tasks';
import { scrollMotion } from '../../../ui/scroll-motion';
import { type FieldName, taskFields } from '../fields/task-fields';

export type { FieldName };

const hasValueOf = new Map(taskFields.map((field) => [field.name, field.hasValue]));

function hasValue(task: Task, field: FieldName): boolean {
  return hasValueOf.get(field)?.(task) ?? false;
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
      container?.scrollIntoView({ block: 'nearest', behavior: scrollMotion() });
      const target = container?.querySelector<HTMLElement>('[data-task-focus]');
      if (!target) return;
      target.focus();
      if (target.dataset.taskFocus === 'click') target.click();
    }, 50);
    return () => window.clearTimeout(timer);
  }, [focusRequest, root]);

  return { shown: (field) => hasValue(task, field) || active.has(field), reveal };
}

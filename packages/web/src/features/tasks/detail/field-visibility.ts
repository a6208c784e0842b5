/**
 * Which attributes the task detail shows: fields without a value stay hidden until the user asks
 * for them (button or shortcut), which also scrolls to and focuses them, or has been in them.
 */
import { type RefObject, useEffect, useState } from 'react';
import type { Task } from '../../../api/tasks';
import { scrollMotion } from '../../../ui/scroll-motion';
import { type FieldName, taskFields } from '../fields/task-fields';

export type { FieldName };

/** How long a field asked for waits for its editor's code before it gives up taking the focus. */
const FOCUS_WAIT_MS = 10_000;

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
    let observer: MutationObserver | undefined;
    // The field's editor may still be on its way (its code loads on first use): it is focused
    // when it comes, unless that takes so long that the user has surely moved on.
    const focus = () => {
      const container = root.current?.querySelector(`[data-field="${focusRequest.field}"]`);
      const target = container?.querySelector<HTMLElement>('[data-task-focus]');
      if (!container || !target) return false;
      container.scrollIntoView({ block: 'nearest', behavior: scrollMotion() });
      target.focus();
      if (target.dataset.taskFocus === 'click') target.click();
      return true;
    };
    const timer = window.setTimeout(() => {
      if (focus() || !root.current) return;
      observer = new MutationObserver(() => {
        if (focus()) observer?.disconnect();
      });
      observer.observe(root.current, { childList: true, subtree: true });
    }, 50);
    const giveUp = window.setTimeout(() => observer?.disconnect(), FOCUS_WAIT_MS);
    return () => {
      window.clearTimeout(timer);
      window.clearTimeout(giveUp);
      observer?.disconnect();
    };
  }, [focusRequest, root]);

  // A field the focus has been in stays while the task is open, though its last value goes (the
  // last label removed from the keyboard): it does not vanish from under the user's hands.
  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => {
      const target = event.target instanceof Element ? event.target : null;
      if (!target || !root.current?.contains(target)) return;
      const field = target.closest('[data-field]')?.getAttribute('data-field') as FieldName | null;
      if (field) setActive((current) => (current.has(field) ? current : new Set(current).add(field)));
    };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, [root]);

  return { shown: (field) => hasValue(task, field) || active.has(field), reveal };
}

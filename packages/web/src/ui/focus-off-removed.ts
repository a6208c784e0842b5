/**
 * Removing an entry of a list (a task's label or assignee, a reminder) from its own remove button
 * took the button away with the focus in it: the focus fell to the page's body. It moves on first,
 * to the next entry's remove button, else the one before, else the list's input or other button
 * ("Add a reminder"), all within the nearest element marked `data-removable-list`.
 */
import type { MouseEvent } from 'react';

const REMOVE_BUTTON = 'data-remove-button';

function moveFocusOffRemoved(button: HTMLElement) {
  if (document.activeElement !== button) return; // a click that did not focus it: nothing to keep
  const list = button.closest<HTMLElement>('[data-removable-list]');
  if (!list) return;
  const buttons = [...list.querySelectorAll<HTMLElement>(`[${REMOVE_BUTTON}]`)];
  const at = buttons.indexOf(button);
  const next =
    buttons[at + 1] ??
    buttons[at - 1] ??
    list.querySelector<HTMLElement>(`input, textarea, button:not([${REMOVE_BUTTON}])`);
  next?.focus();
}

/** The props of an entry's remove button: marked as one, and handing the focus on as it removes. */
export function removeButtonProps(onRemove: () => void) {
  return {
    [REMOVE_BUTTON]: true,
    onClick: (event: MouseEvent<HTMLElement>) => {
      moveFocusOffRemoved(event.currentTarget);
      onRemove();
    },
  };
}

/**
 * The option a Mantine combobox highlights, named to screen readers. Mantine moves the highlight
 * itself (an attribute on the option), but names it on the input (aria-activedescendant) only
 * after ↓ or ↑, from a state of its own: a highlight moved by typing is not named, and an option
 * the typing has since replaced stays named. Comboboxes built here set the attribute from the
 * option actually highlighted, each time the highlight may have moved.
 */
import type { ComboboxStore } from '@mantine/core';

/** Names the option highlighted now, or none once the list is closed or nothing is highlighted. */
export function nameHighlightedOption(store: ComboboxStore): void {
  const input = store.targetRef.current;
  if (!input) return;
  const list = store.dropdownOpened && store.listId ? document.getElementById(store.listId) : null;
  const option = list?.querySelector<HTMLElement>('[data-combobox-selected]');
  if (option?.id) input.setAttribute('aria-activedescendant', option.id);
  else input.removeAttribute('aria-activedescendant');
}

/**
 * The attributes Mantine's target gives a combobox's input, without the highlighted option's name
 * (set by `nameHighlightedOption`, which needs `withAriaAttributes={false}` on the target so that
 * React does not write Mantine's own over it).
 */
export function comboboxInputAttributes(store: ComboboxStore) {
  const opened = store.dropdownOpened;
  return {
    'aria-haspopup': 'listbox' as const,
    'aria-controls': opened && store.listId ? store.listId : undefined,
    autoComplete: 'off',
    'data-expanded': opened || undefined,
    // A dialog around the list leaves Escape to it while it is open.
    'data-mantine-stop-propagation': opened || undefined,
  };
}

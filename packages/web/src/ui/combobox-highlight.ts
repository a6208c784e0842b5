/**
 * The keys of a Mantine combobox's input, with the highlighted option named to screen readers.
 * Mantine moves the highlight itself (an attribute on the option), but names it on the input
 * (aria-activedescendant) only after ↓ or ↑, from a state of its own: a highlight moved by typing
 * is not named, and an option the typing has since replaced stays named. Comboboxes built here
 * take the keys from Mantine (`withKeyboardNavigation={false}` and `withAriaAttributes={false}` on
 * the target) and name the option each move returns, so the name is always the highlight's.
 */
import type { ComboboxStore } from '@mantine/core';
import type { KeyboardEvent } from 'react';

/** Names the option with this id as the highlighted one, or none. */
export function nameHighlightedOption(store: ComboboxStore, optionId: string | null): void {
  const input = store.targetRef.current;
  if (optionId && store.dropdownOpened) input?.setAttribute('aria-activedescendant', optionId);
  else input?.removeAttribute('aria-activedescendant');
}

/**
 * Highlights the first option if none is: for Enter on typed text, whose first match is the pick.
 * The list's own highlight runs after the list is drawn, and a key pressed in between (the server's
 * answer drawn a moment before) would otherwise find nothing highlighted.
 */
export function highlightFirstIfNone(store: ComboboxStore): void {
  if (store.dropdownOpened && store.getSelectedOptionIndex() === -1) {
    nameHighlightedOption(store, store.selectFirstOption());
  }
}

/** Mantine's keys of a combobox's input (↓, ↑, Enter, Escape), each naming the highlight. */
export function onComboboxKeyDown(store: ComboboxStore, event: KeyboardEvent<HTMLInputElement>): void {
  // Keys that compose a character (an input method's) are not the list's.
  if (event.nativeEvent.isComposing || event.nativeEvent.keyCode === 229) return;
  if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
    event.preventDefault();
    if (!store.dropdownOpened) {
      // The list is drawn by the opening: its chosen option is highlighted once it is there.
      store.openDropdown('keyboard');
      store.updateSelectedOptionIndex('selected', { scrollIntoView: true });
      return;
    }
    const moved = event.key === 'ArrowDown' ? store.selectNextOption() : store.selectPreviousOption();
    nameHighlightedOption(store, moved);
  } else if (event.key === 'Enter') {
    if (store.dropdownOpened && store.getSelectedOptionIndex() !== -1) {
      event.preventDefault();
      store.clickSelectedOption();
    }
  } else if (event.key === 'Escape') {
    store.closeDropdown('keyboard');
    nameHighlightedOption(store, null);
  }
}

/**
 * The attributes Mantine's target gives a combobox's input, without the highlighted option's name
 * (set by `nameHighlightedOption`, so that React does not write Mantine's own over it).
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

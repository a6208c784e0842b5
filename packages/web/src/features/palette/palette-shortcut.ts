/**
 * Ctrl+K / ⌘+K, registered by the shell itself: the palette's own code loads after the first
 * screen, and a shortcut pressed before it arrives must still open it. Letters and Enters typed
 * between the shortcut and the palette's input appearing are kept here and handed to the palette,
 * so a fast typist on a slow connection loses nothing ("new team⏎Design⏎" still makes the team).
 */
import { useEffect } from 'react';
import { QUICK_SEARCH_SHORTCUTS } from '../../app/shortcuts/shortcut-catalogue';
import { useShortcut } from '../../app/shortcuts/shortcuts';
import { openPalette, usePaletteOpen } from './palette-state';

let typedEarly = '';
let inputShown = false;

/**
 * The palette's input is on screen (true) or gone (false). Returns what was typed before it, split
 * at each Enter: the first part is the query, and each later part follows one Enter pressed.
 */
export function paletteInputShown(shown: boolean): string[] {
  inputShown = shown;
  const typed = typedEarly;
  typedEarly = '';
  return (shown ? typed : '').split('\n');
}

function keepEarlyKey(event: globalThis.KeyboardEvent): void {
  if (inputShown || event.ctrlKey || event.metaKey || event.altKey || event.isComposing) return;
  if (event.key === 'Backspace') {
    // An Enter already pressed is not taken back: the input would not have let it be either.
    if (!typedEarly.endsWith('\n')) typedEarly = typedEarly.slice(0, -1);
  } else if (event.key === 'Enter') typedEarly += '\n';
  else if (event.key.length === 1) typedEarly += event.key;
  else return;
  // The keys belong to the palette. preventDefault keeps them from the app's shortcuts (which skip
  // handled keys); stopPropagation from the key handlers of whatever had focus under the palette,
  // so an Enter meant for the palette does not also activate it.
  event.preventDefault();
  event.stopPropagation();
}

export function usePaletteShortcut(): void {
  useShortcut(QUICK_SEARCH_SHORTCUTS.control, openPalette);
  useShortcut(QUICK_SEARCH_SHORTCUTS.meta, openPalette);
  const opened = usePaletteOpen();
  useEffect(() => {
    if (!opened) {
      typedEarly = '';
      return;
    }
    window.addEventListener('keydown', keepEarlyKey, true);
    return () => window.removeEventListener('keydown', keepEarlyKey, true);
  }, [opened]);
}

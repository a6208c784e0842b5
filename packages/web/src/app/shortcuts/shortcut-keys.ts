/**
 * Keyboard shortcut strings and matching (reference §9): `Modifier+...+Code` with physical key
 * codes; `Mod` is Meta on Apple devices and Control elsewhere; a match needs exactly the
 * required modifiers.
 */
export interface KeyEventLike {
  code: string;
  key: string;
  ctrlKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
  metaKey: boolean;
}

interface ParsedShortcut {
  code: string;
  control: boolean;
  alt: boolean;
  shift: boolean;
  meta: boolean;
}

const MODIFIER_KEYS = new Set(['Control', 'Alt', 'Shift', 'Meta']);

export function parseShortcut(shortcut: string, apple: boolean): ParsedShortcut {
  const parts = shortcut.split('+');
  const code = parts.pop() ?? '';
  const parsed: ParsedShortcut = { code, control: false, alt: false, shift: false, meta: false };
  for (const part of parts) {
    const modifier = part.toLowerCase();
    if (modifier === 'control') parsed.control = true;
    else if (modifier === 'alt') parsed.alt = true;
    else if (modifier === 'shift') parsed.shift = true;
    else if (modifier === 'meta') parsed.meta = true;
    else if (modifier === 'mod') parsed[apple ? 'meta' : 'control'] = true;
  }
  return parsed;
}

export function matchesShortcut(event: KeyEventLike, shortcut: string, apple: boolean): boolean {
  const wanted = parseShortcut(shortcut, apple);
  return (
    event.code === wanted.code &&
    event.ctrlKey === wanted.control &&
    event.altKey === wanted.alt &&
    event.shiftKey === wanted.shift &&
    event.metaKey === wanted.meta
  );
}

/** `Control+Alt+Shift+Meta+<code>`, listing the modifiers held; '' for a lone modifier. */
export function eventToShortcut(event: KeyEventLike): string {
  if (MODIFIER_KEYS.has(event.key)) return '';
  const parts: string[] = [];
  if (event.ctrlKey) parts.push('Control');
  if (event.altKey) parts.push('Alt');
  if (event.shiftKey) parts.push('Shift');
  if (event.metaKey) parts.push('Meta');
  parts.push(event.code);
  return parts.join('+');
}

/** How a shortcut reads on the help screen and in tooltips: "Ctrl+E" or "⌘+E", "G then O". */
export function shortcutLabel(shortcut: string, apple: boolean): string[] {
  return shortcut.split(' ').map((step) =>
    // Shift+/ is what people call "?".
    step === 'Shift+Slash'
      ? '?'
      : step
          .split('+')
          .map((part) => {
            const lower = part.toLowerCase();
            if (lower === 'mod') return apple ? '⌘' : 'Ctrl';
            if (lower === 'control') return 'Ctrl';
            if (lower === 'meta') return apple ? '⌘' : 'Meta';
            if (part.startsWith('Key')) return part.slice(3);
            if (part.startsWith('Digit')) return part.slice(5);
            if (part === 'Slash') return '/';
            if (part === 'Period') return '.';
            return part;
          })
          .join('+'),
  );
}

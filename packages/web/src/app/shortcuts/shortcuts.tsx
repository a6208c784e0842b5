/**
 * Global keyboard shortcuts (reference §9). Components register a shortcut with useShortcut;
 * one document listener feeds key presses through the sequencer, ignoring typing and repeats.
 */
import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef } from 'react';
import { ShortcutSequencer } from './shortcut-sequencer';

type Handler = () => void;

interface Registry {
  register(shortcut: string, handler: Handler): () => void;
}

const ShortcutContext = createContext<Registry | null>(null);

export const isApple =
  typeof navigator !== 'undefined' && /Mac|iPhone|iPad|iPod/.test(navigator.platform || navigator.userAgent);

/** Typing in a field, an editor or a shadow root must never trigger shortcuts. */
function isTyping(event: KeyboardEvent): boolean {
  if (event.isComposing || event.repeat || event.defaultPrevented) return true;
  const target = event.target as HTMLElement | null;
  if (!target) return false;
  if (target.isContentEditable) return true;
  if (target.getRootNode() instanceof ShadowRoot) return true;
  return ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * Enter on a link, a button or anything that acts like one is that control's own: a shortcut
 * bound to Enter (opening the list's focused task) must not swallow it.
 */
const ACTS_ON_ENTER =
  'a[href], button, summary, [role="button"], [role="link"], [role="menuitem"], [role="option"], [role="tab"], [role="checkbox"], [role="switch"], [role="radio"], [role="treeitem"]';

function isControlsEnter(event: KeyboardEvent): boolean {
  const target = event.target as HTMLElement | null;
  return event.key === 'Enter' && !!target?.closest?.(ACTS_ON_ENTER);
}

export function ShortcutProvider({ children }: { children: ReactNode }) {
  const handlers = useRef(new Map<string, Handler[]>());
  const sequencer = useRef(new ShortcutSequencer(isApple));

  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (isTyping(event) || isControlsEnter(event)) return;
      const done = sequencer.current.press(event, [...handlers.current.keys()], performance.now());
      if (!done) return;
      const list = handlers.current.get(done);
      if (!list?.length) return;
      event.preventDefault();
      list[list.length - 1]();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);

  const registry = useMemo<Registry>(
    () => ({
      register(shortcut, handler) {
        const list = handlers.current.get(shortcut) ?? [];
        handlers.current.set(shortcut, [...list, handler]);
        return () => {
          const rest = (handlers.current.get(shortcut) ?? []).filter((h) => h !== handler);
          if (rest.length) handlers.current.set(shortcut, rest);
          else handlers.current.delete(shortcut);
        };
      },
    }),
    [],
  );

  return <ShortcutContext.Provider value={registry}>{children}</ShortcutContext.Provider>;
}

/** Binds `shortcut` while the calling component is mounted; the newest binding wins. */
export function useShortcut(shortcut: string | undefined, handler: Handler): void {
  const registry = useContext(ShortcutContext);
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (!registry || !shortcut) return;
    return registry.register(shortcut, () => latest.current());
  }, [registry, shortcut]);
}

/**
 * A button that gives way to an editor (a bucket's title, a new bucket's or card's input): when
 * the editor is closed from the keyboard, the button it replaced takes the focus again, so the
 * keyboard goes on from where it was instead of from the top of the page. Closed by a click
 * elsewhere, the focus stays where the click put it.
 */
import { useEffect, useRef } from 'react';

export function useRefocusWhenBack<T extends HTMLElement>(buttonShown: boolean) {
  const ref = useRef<T>(null);
  const wanted = useRef(false);
  useEffect(() => {
    if (!buttonShown || !wanted.current) return;
    wanted.current = false;
    ref.current?.focus();
  }, [buttonShown]);
  return {
    ref,
    /** Call as the editor closes from the keyboard. */
    refocusOnReturn: () => {
      wanted.current = true;
    },
  };
}

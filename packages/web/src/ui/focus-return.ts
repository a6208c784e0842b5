/**
 * Focus back where it was once a dialog is closed or gone. Mantine's Modal returns the focus when
 * its `opened` turns false, to what had the focus just after it opened, so not when the dialog is
 * removed while open (a dialog drawn only while wanted, `{editing && <Modal opened …/>}`, or one
 * that is a route: a task's detail, a project's settings), nor when a field inside took the focus
 * as it opened (the search palette): the focus fell to the page's body, and a keyboard user had
 * to Tab from the top again.
 */
import { useEffect, useRef } from 'react';

function focused(): HTMLElement | null {
  if (typeof document === 'undefined') return null;
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}

function giveBack(opener: HTMLElement | null) {
  // After the dialog's nodes are gone and the page under it has settled; focus the page has moved
  // on its own (to a new task's title, say) is left alone.
  window.setTimeout(() => {
    const active = document.activeElement;
    if (opener?.isConnected && (!active || active === document.body)) opener.focus({ preventScroll: true });
  }, 0);
}

/** Call in the component that draws the dialog; `opened` is the dialog's own. */
export function useFocusReturn(opened: boolean): void {
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  // Taken in the render that opens the dialog, before anything in it can take the focus.
  if (opened && !wasOpen.current) opener.current = focused();
  const closing = wasOpen.current && !opened;
  wasOpen.current = opened;

  useEffect(() => {
    if (closing) giveBack(opener.current);
  }, [closing]);
  useEffect(
    () => () => {
      if (wasOpen.current) giveBack(opener.current);
    },
    [],
  );
}

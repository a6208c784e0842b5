/**
 * A button whose popup (the header's user menu and notifications list, a project's "…" settings
 * menu) is not part of the first screen's download. Mantine's Menu and Popover bring floating-ui,
 * about 24 KB gzip that every signed-in first screen waited for only to draw a few buttons. Here
 * the button is drawn alone until the popup (a lazy page, app/lazy-page.ts) has loaded: pointing
 * at the button, focusing it or clicking it asks for it at once, and it is fetched anyway once the
 * browser is idle a little after the first screen (idle-after-start.ts). The loaded button takes
 * the lone one's place then, on a click, or on arrival when it has the focus, never under a pressed
 * pointer. A click before it is here opens the popup as soon as it arrives (the popup's `opened`
 * state lives with the caller; until then the button says it is closed), and a button that had the
 * focus keeps it when the loaded one takes its place. Offline, a popup that was never downloaded
 * says so when clicked and opens once the browser is back online.
 */
import {
  cloneElement,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { type LazyPage, preloadQuietly } from '../app/lazy-page';
import { whenIdleAfterStart } from './idle-after-start';
import { showError } from './notices';

interface TargetProps {
  ref?: Ref<HTMLElement>;
  /** The button's own click handler (the "…" buttons keep the click from their row) runs too. */
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  onFocus?: () => void;
  onPointerEnter?: () => void;
  onPointerDown?: () => void;
  onPointerLeave?: () => void;
  onPointerCancel?: () => void;
}

export function DeferredPopup({
  popup,
  target,
  open,
  children,
}: {
  /** The popup's component; drawn (by `children`) only once it has loaded, so it never suspends. */
  popup: Pick<LazyPage, 'preload' | 'isLoaded'>;
  /** Opens the popup (the caller's state): called on arrival for a click made before it. */
  open: () => void;
  /**
   * The button that opens the popup, drawn alone until the popup is here (closed until then:
   * `aria-expanded={false}`; the popup's own target props take over once it is).
   */
  target: ReactElement<TargetProps>;
  /** The popup around its target, once loaded. */
  children: (target: ReactElement<TargetProps>) => ReactNode;
}) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState(() => popup.isLoaded());
  const mounted = useRef(true);
  const aloneRef = useRef<HTMLElement>(null);
  const targetRef = useRef<HTMLElement>(null);
  const refocus = useRef(false);
  const openOnArrival = useRef(false);
  // A pointer pressed on the lone button: it must not give way before the click (see `swapSoon`).
  const pressed = useRef(false);

  /** Loads the popup; the lone button gives way to it once it is here. */
  const ask = () =>
    popup.preload().then(() => {
      if (!mounted.current) return;
      // Read before the lone button leaves the page (removing it does not reliably report a blur).
      if (aloneRef.current !== null && aloneRef.current === document.activeElement) refocus.current = true;
      setLoaded(true);
    });
  const askQuietly = () => void ask().catch(() => undefined);
  /**
   * Puts the loaded button in the lone one's place once the popup is here, but not while a pointer
   * is pressed on it: a button that gave way between the press and the release would lose the
   * click, which goes to the element both were on (the click then brings it in and opens it).
   */
  const swapSoon = () => {
    if (!pressed.current) askQuietly();
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: scheduled once per mount; `ask` reads only refs and the module-level popup.
  useEffect(() => {
    mounted.current = true;
    const cancelIdle = loaded ? undefined : whenIdleAfterStart(swapSoon);
    return () => {
      mounted.current = false;
      cancelIdle?.();
    };
  }, [loaded]);

  // Focus first, then open: the popup hands the focus back on closing to what had it when it
  // opened, which must be the loaded button and not the lone one gone from the page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the popup arrives; `open` is the caller's latest.
  useLayoutEffect(() => {
    if (!loaded) return;
    if (refocus.current) targetRef.current?.focus();
    if (openOnArrival.current) open();
    refocus.current = false;
    openOnArrival.current = false;
  }, [loaded]);

  if (loaded) return children(cloneElement(target, { ref: targetRef }));
  return cloneElement(target, {
    ref: aloneRef,
    // Pointing starts the download without changing what is under the pointer.
    onPointerEnter: () => preloadQuietly(popup),
    onPointerDown: () => {
      pressed.current = true;
    },
    onPointerLeave: () => {
      pressed.current = false;
    },
    onPointerCancel: () => {
      pressed.current = false;
    },
    // Focused from the keyboard, the loaded button takes its place (and the focus) on arrival.
    onFocus: swapSoon,
    onClick: (event: MouseEvent<HTMLElement>) => {
      target.props.onClick?.(event);
      pressed.current = false;
      openOnArrival.current = true;
      ask().catch((error: unknown) => {
        if (navigator.onLine) {
          showError(t, error); // the next click tries again
          return;
        }
        showError(t, new Error(t('notSavedOffline.text')));
        addEventListener('online', askQuietly, { once: true });
      });
    },
  });
}

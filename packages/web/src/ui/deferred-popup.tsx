/**
 * A header button whose popup (the user menu, the notifications list) is not part of the first
 * screen's download. Mantine's Menu and Popover bring floating-ui, about 24 KB gzip that every
 * signed-in first screen waited for only to draw two buttons. Here the button is drawn alone until
 * the popup's module arrives: pointing at the button, focusing it or clicking it asks for the
 * module at once, and it is fetched anyway once the browser is idle a little after the first
 * screen (idle-after-start.ts). A click before it is here opens the popup as soon as it arrives (the popup's `opened`
 * state lives with the caller), and a button that had the focus keeps it when the loaded one
 * takes its place. Offline, a popup that was never downloaded says so when clicked and opens once
 * the browser is back online.
 */
import {
  cloneElement,
  type FocusEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { whenIdleAfterStart } from './idle-after-start';
import { showError } from './notices';

export interface DeferredModule<M> {
  /** Starts loading (once; again after a failure); resolves with the module. */
  request(): Promise<M>;
  /** The module once it has loaded. */
  current(): M | undefined;
  /** Calls `arrived` once the module has loaded; returns the unsubscribe. */
  subscribe(arrived: () => void): () => void;
}

export function deferredModule<M>(load: () => Promise<M>): DeferredModule<M> {
  let loaded: M | undefined;
  let loading: Promise<M> | undefined;
  const listeners = new Set<() => void>();
  const request = () => {
    loading ??= load().then(
      (module) => {
        loaded = module;
        for (const arrived of listeners) arrived();
        return module;
      },
      (error: unknown) => {
        // Offline or a new deployment: the next point, focus or click tries again.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  return {
    request,
    current: () => loaded,
    subscribe(arrived) {
      listeners.add(arrived);
      return () => listeners.delete(arrived);
    },
  };
}

interface TargetProps {
  ref?: Ref<HTMLElement>;
  onClick?: () => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onPointerEnter?: () => void;
}

export function DeferredPopup<M>({
  module,
  target,
  open,
  children,
}: {
  module: DeferredModule<M>;
  /** Opens the popup (the caller's state): a click before the module is here opens it on arrival. */
  open: () => void;
  /**
   * The button that opens the popup, drawn alone until the popup's module is here (closed until
   * then: `aria-expanded={false}`; the popup's own target props take over once it is).
   */
  target: ReactElement<TargetProps>;
  /** The popup around its target, once loaded. */
  children: (loaded: M, target: ReactElement<TargetProps>) => ReactNode;
}) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState(() => module.current());
  const aloneRef = useRef<HTMLElement>(null);
  const targetRef = useRef<HTMLElement>(null);
  const refocus = useRef(false);

  useEffect(() => {
    if (loaded) return;
    const unsubscribe = module.subscribe(() => {
      // Read before the lone button leaves the page (removing it does not reliably report a blur).
      refocus.current = aloneRef.current !== null && aloneRef.current === document.activeElement;
      setLoaded(() => module.current());
    });
    const cancelIdle = whenIdleAfterStart(() => void module.request().catch(() => undefined));
    return () => {
      unsubscribe();
      cancelIdle();
    };
  }, [module, loaded]);

  useLayoutEffect(() => {
    if (!loaded || !refocus.current) return;
    refocus.current = false;
    targetRef.current?.focus();
  }, [loaded]);

  if (loaded) return children(loaded, cloneElement(target, { ref: targetRef }));
  const ask = () => void module.request().catch(() => undefined);
  return cloneElement(target, {
    ref: aloneRef,
    onPointerEnter: ask,
    onFocus: ask,
    onClick: () => {
      open();
      module.request().catch((error: unknown) => {
        if (navigator.onLine) {
          showError(t, error); // the next click tries again
          return;
        }
        showError(t, new Error(t('notSavedOffline.text')));
        addEventListener('online', ask, { once: true });
      });
    },
  });
}

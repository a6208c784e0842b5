/**
 * The global error display (spec 1 §8: "Uncaught errors go to a global error display"): an error
 * no code caught, thrown in an event handler or timer or left in a rejected promise, shows as an
 * error notice instead of reaching only the console. Errors while drawing a page are shown by
 * the route's error screen (route-error.tsx) and do not come here.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** The same message again within this time is not shown twice (a failing timer, a retry loop). */
const REPEAT_QUIET_MS = 5000;

/** Errors that are not the user's concern: a request the app itself cancelled. */
function isIgnored(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

export function UncaughtErrors() {
  const { t } = useTranslation();
  useEffect(() => {
    const lastShown = new Map<string, number>();
    const show = (error: unknown) => {
      if (isIgnored(error)) return;
      const key = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      const now = Date.now();
      if (now - (lastShown.get(key) ?? -Infinity) < REPEAT_QUIET_MS) return;
      lastShown.set(key, now);
      // The notices' code stays out of the first download; an error is rare.
      void import('../ui/notices').then(({ showError }) => showError(t, error));
    };
    // An `error` event without an error object is the browser's own report (a resource that did
    // not load, "ResizeObserver loop completed…"), not an exception of the app.
    const onError = (event: ErrorEvent) => {
      if (event.error !== undefined && event.error !== null) show(event.error);
    };
    const onRejection = (event: PromiseRejectionEvent) => show(event.reason);
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, [t]);
  return null;
}

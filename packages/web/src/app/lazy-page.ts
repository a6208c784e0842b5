/**
 * A page (or a heavy part of one) whose module loads on first use, so the first download holds
 * only the shells: each page, project view and the task detail is its own chunk. Navigations run
 * in a transition, so the current page stays on screen while the module loads; only a first load
 * shows the nearest Suspense fallback. The first one also brings the rest of Mantine's styles, and
 * every one waits for the rest of the English texts (i18n.ts), which load from the start.
 *
 * Unlike React.lazy, a page can be loaded before it is drawn (`preload`): at start the app loads
 * the shell and the page of the address it opens at together (`preloadMatchedPages`), instead of
 * the page only once the shell has drawn. A page whose module is there when it is drawn does not
 * suspend at all, so it appears with its shell rather than after a fallback and React's pause
 * before revealing what a fallback stood for.
 *
 * Offline, a module that was never downloaded cannot load: the page then draws a message in its
 * place (`unavailable`, given the page's props; by default NotSavedOffline) instead of failing,
 * and loads by itself once the browser is back online. Online, a failed load is thrown as before
 * (the route's error screen).
 */
import { type ComponentType, createElement, type ReactNode, use, useState } from 'react';
import type { Params, RouteObject } from 'react-router';
import { laterEnglish } from '../i18n/i18n';
import { keepFailedPageLoad } from './failed-page-loads';
import { NotSavedOffline, type UnavailableProps } from './offline/not-saved-offline';

export type LazyPage<P extends object = object> = ComponentType<P> & {
  /** Starts loading the page's module (once); resolves when it can be drawn without waiting. */
  preload(): Promise<void>;
  /** Whether it has loaded (and so draws without suspending). */
  isLoaded(): boolean;
};

export function lazyPage<K extends string, P extends object = object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
  unavailable: ComponentType<UnavailableProps & P> = NotSavedOffline,
): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<void> | undefined;
  // Whether the module is missing offline (true) or loaded (false), for drawing; settles only
  // once, so that React sees the same promise on every render while offline.
  let drawing: Promise<boolean> | undefined;
  const preload = () => {
    // Mantine's full styles come with the first lazy module, so no page draws unstyled.
    loading ??= Promise.all([load(), import('./all-styles'), laterEnglish]).then(
      ([module]) => {
        loaded = module[name];
      },
      (error: unknown) => {
        // A failed download (offline, a new deployment) is tried again on the next visit.
        loading = undefined;
        throw error;
      },
    );
    return loading;
  };
  const draw = () => {
    drawing ??= preload().then(
      () => false,
      (error: unknown) => {
        if (navigator.onLine) {
          keepFailedPageLoad(() => (drawing = undefined));
          throw error;
        }
        // Back online, the next visit tries again rather than repeat the message.
        addEventListener('online', () => (drawing = undefined), { once: true });
        return true;
      },
    );
    return drawing;
  };
  // biome-ignore lint/correctness/noComponentHookFactories: made once per page at module level, as React.lazy makes its component.
  function Page(props: P): ReactNode {
    const [, setArrived] = useState(false);
    if (!loaded && use(draw())) {
      // Drawn again only once the module is here, so the message never gives way to a loader.
      const retry = () => preload().then(() => setArrived(true));
      return createElement(unavailable, { ...props, retry });
    }
    return createElement(loaded as ComponentType<P>, props);
  }
  Page.displayName = `LazyPage(${name})`;
  Page.preload = preload;
  Page.isLoaded = () => loaded !== undefined;
  return Page;
}

/**
 * Starts loading `page` ahead of use (pointing at its button, an idle moment); a failure (offline,
 * a new deployment) shows when it is drawn, not here.
 */
export function preloadQuietly(page: Pick<LazyPage, 'preload'>): void {
  page.preload().catch(() => undefined);
}

/**
 * What a route may do when the app opens at it, beside loading its page: start its data's
 * requests before the session check has answered (e.g. the projects of a project's view).
 */
export interface OpeningHandle {
  opening?: (params: Params) => Promise<void>;
}

/**
 * Starts loading the lazy shells and pages of the routes the app opens at, all at once, and their
 * routes' `opening` work; resolves when the pages have all loaded or failed.
 */
export function preloadMatchedPages(
  matches: readonly { route: RouteObject; params: Params }[],
): Promise<void> {
  const loading: Promise<unknown>[] = [];
  for (const { route, params } of matches) {
    // Not waited for: only the pages' code holds the first render back.
    (route.handle as OpeningHandle | undefined)?.opening?.(params).catch(() => undefined);
    const type = (route.element as { type?: unknown } | null | undefined)?.type;
    if (typeof type === 'function' && 'preload' in type && typeof type.preload === 'function') {
      // A failure shows when the page is drawn (the route's error screen), not here.
      loading.push((type as LazyPage).preload().catch(() => undefined));
    }
  }
  return Promise.all(loading).then(() => undefined);
}

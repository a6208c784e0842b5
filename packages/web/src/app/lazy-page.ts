/**
 * A page (or a heavy part of one) whose module loads on first use, so the first download holds
 * only the shells: each page, project view and the task detail is its own chunk. Navigations run
 * in a transition, so the current page stays on screen while the module loads; only a first load
 * shows the nearest Suspense fallback. The first one also brings the rest of Mantine's styles, and
 * every one waits for the rest of the English texts (i18n.ts), which load from the start.
 */
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { laterEnglish } from '../i18n/i18n';

export function lazyPage<K extends string, P extends object = object>(
  load: () => Promise<Record<K, ComponentType<P>>>,
  name: K,
): LazyExoticComponent<ComponentType<P>> {
  // Mantine's full styles come with the first lazy module, so no page draws unstyled.
  return lazy(async () => ({
    default: (await Promise.all([load(), import('./all-styles'), laterEnglish]))[0][name],
  }));
}

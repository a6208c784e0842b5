/**
 * A page whose module loads on first use, so pages most sessions never open (settings, teams,
 * project settings…) stay out of the first download. Navigations run in a transition, so the
 * current page stays on screen while the module loads; only a first load shows the shell's
 * Suspense fallback.
 */
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';

export function lazyPage<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: (await load())[name] }));
}

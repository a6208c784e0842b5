/** Theme, data cache, notices and shortcuts for the whole app. */
import {
  DirectionProvider,
  localStorageColorSchemeManager,
  MantineProvider,
  useDirection,
} from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, Suspense, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { HoverTips } from '../ui/hover-tips';
import { lazyPage } from './lazy-page';
import { queryClient } from './query-client';
import { ShortcutProvider } from './shortcuts/shortcuts';
import { appTheme, cssVariablesResolver, themeTexts } from './theme';
import { UncaughtErrors } from './uncaught-errors';

// The notice stack (with its transitions) loads after the first screen; a notice shown before it
// is kept by the notifications store and appears once it has loaded.
const Notifications = lazyPage<
  'Notifications',
  {
    position: 'bottom-left';
    limit: number;
    zIndex: number;
    autoClose: number;
    transitionDuration: number;
    containerWidth: number;
  }
>(() => import('@mantine/notifications'), 'Notifications');

const colorSchemeManager = localStorageColorSchemeManager({ key: 'colorScheme' });

/** Keeps Mantine's direction (gantt keys and drags, sliders) on the language's. */
function FollowLanguageDirection() {
  const { i18n } = useTranslation();
  const { setDirection } = useDirection();
  const direction = i18n.dir(i18n.language);
  useEffect(() => setDirection(direction), [direction, setDirection]);
  return null;
}

export function AppProviders({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const texts = themeTexts((key) => t(key));
  const textsInUse = Object.values(texts).join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new theme when a text changes, not on every render's new object
  const theme = useMemo(() => appTheme(texts), [textsInUse]);
  return (
    // The direction follows the interface language (i18n.ts sets <html dir> from it too), also
    // when it changes after start (the signed-in user's setting, a change in the settings).
    <DirectionProvider>
      <FollowLanguageDirection />
      <MantineProvider
        theme={theme}
        defaultColorScheme="auto"
        colorSchemeManager={colorSchemeManager}
        cssVariablesResolver={cssVariablesResolver}
      >
        <QueryClientProvider client={queryClient}>
          <Suspense fallback={null}>
            {/* Spec 1 §9: notices last 3000 ms by default, move in 300 ms, 300 px wide; at most 2. */}
            <Notifications
              position="bottom-left"
              limit={2}
              zIndex={1000}
              autoClose={3000}
              transitionDuration={300}
              containerWidth={300}
            />
          </Suspense>
          <HoverTips />
          <UncaughtErrors />
          <ShortcutProvider>{children}</ShortcutProvider>
        </QueryClientProvider>
      </MantineProvider>
    </DirectionProvider>
  );
}

/** Theme, data cache, notices and shortcuts for the whole app. */
import { createTheme, localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { queryClient } from './query-client';
import { ShortcutProvider } from './shortcuts/shortcuts';

const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
});

const colorSchemeManager = localStorageColorSchemeManager({ key: 'colorScheme' });

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} defaultColorScheme="auto" colorSchemeManager={colorSchemeManager}>
      <QueryClientProvider client={queryClient}>
        <Notifications position="bottom-left" limit={2} zIndex={1000} />
        <ShortcutProvider>{children}</ShortcutProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}

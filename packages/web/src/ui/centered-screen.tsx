/** A full-page message used before the app is ready: offline, loading, start-up errors. */
import { Center, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { Logo } from './logo';

export function CenteredScreen({ children }: { children: ReactNode }) {
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="lg" maw={480} w="100%">
        <Logo size={40} />
        {children}
      </Stack>
    </Center>
  );
}

/** The card a settings page's form sits in, its fields stacked. */
import { Card, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';

export function SettingsFormCard({
  onSubmit,
  children,
}: {
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="lg">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">{children}</Stack>
      </form>
    </Card>
  );
}

/** One attribute of the task detail: its icon and title above its input. */
import { Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { FieldName } from './field-visibility';

export function Attribute({
  name,
  icon,
  label,
  children,
}: {
  name: FieldName | `field_${number}`;
  icon: ReactNode;
  label: string;
  children: ReactNode;
}) {
  return (
    <Stack gap={4} data-field={name}>
      <Group gap={6} c="dimmed">
        {icon}
        <Text size="xs" fw={700} tt="uppercase">
          {label}
        </Text>
      </Group>
      {children}
    </Stack>
  );
}

import { ActionIcon, Group, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { removeButtonProps } from '../../../ui/focus-off-removed';

/**
 * One entry of a task's list field (an assignee, a reminder): its mark, its text, and a remove
 * button for those who may edit the task.
 */
export function RemovableRow({
  mark,
  children,
  removeLabel,
  onRemove,
  testId,
  gap = 8,
}: {
  mark: ReactNode;
  children: ReactNode;
  removeLabel: string;
  /** Left out when the task is read-only: no button is shown. */
  onRemove?: () => void;
  testId?: string;
  gap?: number;
}) {
  return (
    <Group gap={gap} wrap="nowrap">
      {mark}
      <Text size="sm" style={{ flex: 1 }} data-testid={testId}>
        {children}
      </Text>
      {onRemove && (
        <ActionIcon
          size="sm"
          variant="subtle"
          color="gray"
          aria-label={removeLabel}
          {...removeButtonProps(onRemove)}
        >
          <IconX size={14} />
        </ActionIcon>
      )}
    </Group>
  );
}

/**
 * The "…" button that opens a settings menu beside a title, in two sizes (side navigation rows use
 * the small one). A click on it does not reach the row or card it sits on.
 */
import { ActionIcon, Menu } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';

export function DotsMenuTarget({ label, size }: { label: string; size: 'sm' | 'md' }) {
  return (
    <Menu.Target>
      <ActionIcon
        variant="subtle"
        color="gray"
        size={size === 'sm' ? 'sm' : 'lg'}
        aria-label={label}
        onClick={(event) => event.stopPropagation()}
      >
        <IconDots size={size === 'sm' ? 16 : 20} />
      </ActionIcon>
    </Menu.Target>
  );
}

/**
 * The "…" button that opens a settings menu beside a title, in two sizes (side navigation rows use
 * the small one). A click on it does not reach the row or card it sits on. Drawn alone until its
 * menu's code is here (deferred-popup.tsx), then as the menu's target (dots-menu-target.tsx).
 */
import { ActionIcon } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import type { MouseEvent, Ref } from 'react';

export interface DotsButtonProps {
  label: string;
  size: 'sm' | 'md';
  ref?: Ref<HTMLButtonElement>;
  onClick?: (event: MouseEvent<HTMLButtonElement>) => void;
  'aria-haspopup'?: 'menu';
  'aria-expanded'?: boolean;
}

export function DotsButton({ label, size, onClick, ...rest }: DotsButtonProps) {
  return (
    <ActionIcon
      variant="subtle"
      color="gray"
      size={size === 'sm' ? 'sm' : 'lg'}
      aria-label={label}
      {...rest}
      onClick={(event) => {
        event.stopPropagation();
        onClick?.(event);
      }}
    >
      <IconDots size={size === 'sm' ? 16 : 20} />
    </ActionIcon>
  );
}

/** The "…" button (dots-button.tsx) as the target of a Mantine Menu drawn around it. */
import { Menu } from '@mantine/core';
import { DotsButton } from './dots-button';

export function DotsMenuTarget({ label, size }: { label: string; size: 'sm' | 'md' }) {
  return (
    <Menu.Target>
      <DotsButton label={label} size={size} />
    </Menu.Target>
  );
}

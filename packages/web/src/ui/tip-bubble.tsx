/** The tooltip `HoverTips` places on the pointed element: Mantine's, as everywhere else. */
import { Tooltip } from '@mantine/core';
import type { ShownTip } from './hover-tips';

export function TipBubble({ target, label, opened }: ShownTip) {
  return <Tooltip target={target} opened={opened} label={label} />;
}

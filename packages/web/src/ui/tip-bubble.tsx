/** The tooltip `HoverTips` places on the pointed element: Mantine's, as everywhere else. */
import { Tooltip } from '@mantine/core';

/** The element pointed at, its text, and whether the tooltip shows (it fades out when not). */
export interface ShownTip {
  target: HTMLElement;
  label: string;
  opened: boolean;
}

export function TipBubble({ target, label, opened }: ShownTip) {
  // A long text (the header's "Live updates paused" hint) wraps rather than run across the screen.
  return <Tooltip target={target} opened={opened} label={label} multiline maw={280} />;
}

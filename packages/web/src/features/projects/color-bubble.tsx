/** The small coloured dot of a project (or nothing when the project has no colour). */
import { Box } from '@mantine/core';
import { colorWithHash } from '@ordo/core';

export function ColorBubble({ color, size = 10 }: { color: string; size?: number }) {
  if (!color) return <Box w={size} h={size} style={{ flexShrink: 0 }} aria-hidden="true" />;
  return (
    <Box
      w={size}
      h={size}
      aria-hidden="true"
      style={{ borderRadius: '50%', background: colorWithHash(color), flexShrink: 0 }}
    />
  );
}

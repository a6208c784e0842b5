import { Box } from '@mantine/core';

/**
 * The place of a task field's editor while its code is on its way: an input's height, so that
 * nothing below it moves when the editor comes.
 */
export function EditorPlace() {
  return <Box h="var(--input-height-sm)" aria-hidden="true" />;
}

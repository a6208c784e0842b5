/**
 * A text area that grows with its text. Where the browser sizes fields by their content (CSS
 * `field-sizing: content`), that does it; elsewhere Mantine's autosize measures the text. The
 * measuring reads the computed style as the field mounts, which makes the browser work out the
 * whole page's styles in the middle of the first render: on a slow phone a tenth of a second
 * for a task page's title, paid again for every such field.
 */
import { Textarea, type TextareaProps } from '@mantine/core';
import type { CSSProperties, Ref } from 'react';

const sizedByContent = typeof CSS !== 'undefined' && CSS.supports?.('field-sizing', 'content');

export function GrowingTextarea({
  maxRows,
  styles,
  ref,
  ...props
}: Omit<TextareaProps, 'autosize' | 'minRows'> & { ref?: Ref<HTMLTextAreaElement> }) {
  if (!sizedByContent)
    return <Textarea ref={ref} {...props} autosize minRows={1} maxRows={maxRows} styles={styles} />;
  const input: CSSProperties = {
    fieldSizing: 'content',
    // `lh` is the field's own line height.
    ...(maxRows ? { maxHeight: `calc(${maxRows}lh + var(--input-padding-y, 0px) * 2 + 2px)` } : {}),
  } as CSSProperties;
  const given = typeof styles === 'object' && styles !== null ? styles : {};
  return (
    <Textarea ref={ref} rows={1} {...props} styles={{ ...given, input: { ...input, ...given.input } }} />
  );
}

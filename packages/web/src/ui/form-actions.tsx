/** The buttons at the end of a form: cancel, then the submit button that spins while saving. */
import { Button, Group } from '@mantine/core';

export function FormActions({
  cancelLabel,
  submitLabel,
  loading,
  onCancel,
  compact = false,
}: {
  cancelLabel: string;
  submitLabel: string;
  loading: boolean;
  /** Without it there is no cancel button (a form that stays open). */
  onCancel?: () => void;
  /** Small buttons, for forms inside a list (views, custom fields). */
  compact?: boolean;
}) {
  const size = compact ? 'xs' : undefined;
  return (
    <Group justify="flex-end" gap={compact ? 'xs' : 'sm'}>
      {onCancel && (
        <Button variant="default" size={size} onClick={onCancel}>
          {cancelLabel}
        </Button>
      )}
      <Button type="submit" size={size} loading={loading}>
        {submitLabel}
      </Button>
    </Group>
  );
}

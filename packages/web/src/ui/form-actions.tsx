/** The buttons at the end of a form: cancel, then the submit button that spins while saving. */
import { Button, Group } from '@mantine/core';

export function FormActions({
  cancelLabel,
  submitLabel,
  loading,
  onCancel,
}: {
  cancelLabel: string;
  submitLabel: string;
  loading: boolean;
  onCancel: () => void;
}) {
  return (
    <Group justify="flex-end" gap="sm">
      <Button variant="default" onClick={onCancel}>
        {cancelLabel}
      </Button>
      <Button type="submit" loading={loading}>
        {submitLabel}
      </Button>
    </Group>
  );
}

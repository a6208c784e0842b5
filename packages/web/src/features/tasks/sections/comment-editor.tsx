/**
 * Writing a comment or changing one: the rich-text editor (tiptap, with the rest of the rich-text
 * code), loaded beside the comments rather than with the task page. Ctrl/Cmd+S sends.
 */
import { Button, Group, Stack } from '@mantine/core';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { focusAfterSend } from '../../../ui/focus-after-send';
import { liveEditor, RichTextBox, useRichTextEditor } from '../rich-text';
import { isEmptyRichText } from '../rich-text-html';

export function CommentEditor({
  initial,
  submitLabel,
  onSubmit,
  onCancel,
  pending,
  projectId,
}: {
  initial: string;
  /** The task's project, whose people `@` suggests. */
  projectId: number;
  submitLabel: string;
  onSubmit: (html: string) => Promise<unknown>;
  onCancel?: () => void;
  pending: boolean;
}) {
  const { t } = useTranslation();
  const button = useRef<HTMLButtonElement>(null);
  const submit = () => {
    const html = liveEditor(editor)?.getHTML() ?? '';
    if (isEmptyRichText(html)) return;
    void onSubmit(html).then(() => {
      const live = liveEditor(editor);
      live?.commands.clearContent();
      // The emptied editor takes the focus for the next comment (ui/focus-after-send.ts).
      focusAfterSend(button.current, () => live?.commands.focus());
    });
  };
  const editor = useRichTextEditor(initial, {
    onModSave: submit,
    label: t('tasks.comments.text'),
    mentionsIn: projectId,
  });
  return (
    <Stack gap="xs">
      <RichTextBox editor={editor} minHeight={70} />
      <Group justify="flex-end" gap="xs">
        {onCancel && (
          <Button variant="default" size="compact-sm" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
        )}
        <Button ref={button} size="compact-sm" onClick={submit} loading={pending}>
          {submitLabel}
        </Button>
      </Group>
    </Stack>
  );
}

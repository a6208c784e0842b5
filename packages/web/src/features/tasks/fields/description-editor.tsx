/**
 * The description's editor (tiptap, with the rest of the rich-text code), loaded when the user
 * starts editing so a task page shows its description without it. Save or Ctrl/Cmd+S saves,
 * Cancel discards.
 */
import { Button, Group, Stack } from '@mantine/core';
import { type Ref, useEffect, useImperativeHandle } from 'react';
import { useTranslation } from 'react-i18next';
import { liveEditor, RichTextBox, useRichTextEditor } from '../rich-text';
import { isEmptyRichText } from '../rich-text-html';
import type { DescriptionHandle } from './description-handle';

export function DescriptionEditor({
  initial,
  projectId,
  onSave,
  onCancel,
  handle,
}: {
  initial: string;
  /** The task's project, whose people `@` suggests. */
  projectId: number;
  onSave: (html: string) => void;
  onCancel: () => void;
  handle: Ref<DescriptionHandle>;
}) {
  const { t } = useTranslation();
  const save = () => {
    const html = liveEditor(editor)?.getHTML() ?? initial;
    onSave(isEmptyRichText(html) ? '' : html);
  };
  const editor = useRichTextEditor(initial, {
    onModSave: save,
    label: t('tasks.fields.description'),
    mentionsIn: projectId,
  });
  useEffect(() => {
    liveEditor(editor)?.commands.focus('end');
  }, [editor]);
  useImperativeHandle(handle, () => ({
    edit: () => liveEditor(editor)?.commands.focus(),
    flush: () => {
      save();
      return true;
    },
  }));
  return (
    <Stack gap="xs">
      <RichTextBox editor={editor} />
      <Group gap="xs" justify="flex-end">
        <Button variant="default" size="compact-sm" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button size="compact-sm" onClick={save}>
          {t('common.save')}
        </Button>
      </Group>
    </Stack>
  );
}

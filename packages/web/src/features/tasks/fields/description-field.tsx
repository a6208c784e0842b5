/**
 * The description (spec 2 §3): shown as rich text where checklist items can be ticked (saved at
 * once); Edit (or the e shortcut) opens the editor; Save or Ctrl/Cmd+S saves, Cancel discards.
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { type Ref, useEffect, useImperativeHandle, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RichTextBox, RichTextView, useRichTextEditor } from '../rich-text';
import type { TaskEditor } from '../use-task-editor';

export interface DescriptionHandle {
  edit: () => void;
  /** Save the open editor, if any; true when something was saved. */
  flush: () => boolean;
}

function isEmpty(html: string): boolean {
  return html.replace(/<p>\s*<\/p>/g, '').trim() === '';
}

function Editing({
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
    const html = editor?.getHTML() ?? initial;
    onSave(isEmpty(html) ? '' : html);
  };
  const editor = useRichTextEditor(initial, {
    onModSave: save,
    label: t('tasks.fields.description'),
    mentionsIn: projectId,
  });
  useEffect(() => {
    editor?.commands.focus('end');
  }, [editor]);
  useImperativeHandle(handle, () => ({
    edit: () => editor?.commands.focus(),
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

export function DescriptionField({ editor, handle }: { editor: TaskEditor; handle: Ref<DescriptionHandle> }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const description = editor.task.description ?? '';

  // While editing, the editor below answers through the handle instead.
  useImperativeHandle(
    editing ? undefined : handle,
    () => ({ edit: () => editor.canWrite && setEditing(true), flush: () => false }),
    [editor.canWrite],
  );

  if (editing) {
    return (
      <Editing
        initial={description}
        projectId={editor.task.projectId}
        handle={handle}
        onCancel={() => setEditing(false)}
        onSave={(html) => {
          setEditing(false);
          if (html !== description) editor.save({ description: html });
        }}
      />
    );
  }
  return (
    <Stack gap="xs">
      {isEmpty(description) ? (
        <Text c="dimmed" size="sm" fs="italic">
          {t('tasks.description.empty')}
        </Text>
      ) : (
        <RichTextView
          html={description}
          label={t('tasks.fields.description')}
          onToggleChecklist={editor.canWrite ? (html) => editor.save({ description: html }) : undefined}
        />
      )}
      {editor.canWrite && (
        <Group>
          <Button
            variant="light"
            size="compact-sm"
            leftSection={<IconPencil size={14} />}
            onClick={() => setEditing(true)}
          >
            {isEmpty(description) ? t('tasks.description.add') : t('tasks.description.edit')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

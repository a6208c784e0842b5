/**
 * The description (spec 2 §3): shown as rich text where checklist items can be ticked (saved at
 * once); Edit (or the e shortcut) opens the editor (description-editor.tsx), whose code loads
 * when it is first wanted.
 */
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconPencil } from '@tabler/icons-react';
import { type Ref, Suspense, useImperativeHandle, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyPage, preloadQuietly } from '../../../app/lazy-page';
import { DelayedLoader } from '../../../ui/delayed-loader';
import { isEmptyRichText } from '../rich-text-html';
import { RichTextView } from '../rich-text-view';
import type { TaskEditor } from '../use-task-editor';
import type { DescriptionHandle } from './description-handle';

// Not React.lazy: a download that failed offline is tried again (lazy-page.ts).
const DescriptionEditor = lazyPage(() => import('./description-editor'), 'DescriptionEditor');

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
      <Suspense fallback={<DelayedLoader label={t('tasks.detail.loading')} minHeight={120} />}>
        <DescriptionEditor
          initial={description}
          projectId={editor.task.projectId}
          handle={handle}
          onCancel={() => setEditing(false)}
          onSave={(html) => {
            setEditing(false);
            if (html !== description) editor.save({ description: html });
          }}
        />
      </Suspense>
    );
  }
  return (
    <Stack gap="xs">
      {isEmptyRichText(description) ? (
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
            // The editor's code starts loading as the pointer or the focus reaches the button.
            onPointerEnter={() => preloadQuietly(DescriptionEditor)}
            onFocus={() => preloadQuietly(DescriptionEditor)}
          >
            {isEmptyRichText(description) ? t('tasks.description.add') : t('tasks.description.edit')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/**
 * The parts of a task below its attributes: description (with reactions), attachments, related
 * tasks and comments, then who created it and when.
 */
import { Group, Stack, Text, Title } from '@mantine/core';
import { displayName } from '@ordo/core';
import { IconAlignLeft, IconLink, IconMessage, IconPaperclip } from '@tabler/icons-react';
import { type ReactNode, type Ref, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyPage, preloadQuietly } from '../../../app/lazy-page';
import { DescriptionField } from '../fields/description-field';
import type { DescriptionHandle } from '../fields/description-handle';
import { TaskReactions } from '../reactions/task-reactions';
import { type AttachmentsHandle, AttachmentsSection } from '../sections/attachments-section';
import { CommentsSection } from '../sections/comments-section';
import { formatDateTime } from '../task-dates';
import type { TaskEditor } from '../use-task-editor';
import { EditorPlace } from './editor-place';
import type { FieldName, FieldVisibility } from './field-visibility';
import { useTaskExtras } from './task-extras';

// Shown only for a task with related tasks or when asked for: its code (the task search and the
// kind's select) loads then, or as soon as the detail has drawn.
const RelationsSection = lazyPage(() => import('../sections/relations-section'), 'RelationsSection');

function Section({
  icon,
  title,
  children,
  name,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  name?: FieldName;
}) {
  return (
    <Stack gap="xs" data-field={name} component="section">
      <Group gap={8}>
        {icon}
        <Title order={3} fz="md">
          {title}
        </Title>
      </Group>
      {children}
    </Stack>
  );
}

export function DetailSections({
  editor,
  fields,
  description,
  attachments,
}: {
  editor: TaskEditor;
  fields: FieldVisibility;
  description: Ref<DescriptionHandle>;
  attachments: Ref<AttachmentsHandle>;
}) {
  const { t, i18n } = useTranslation();
  const task = editor.task;
  const canWrite = editor.canWrite;
  // Switched off on the server: no section, and so no request for them either.
  const { comments, attachments: attachmentsOn } = useTaskExtras();
  // Once the detail is on screen, as the field editors (detail-attributes.tsx).
  useEffect(() => preloadQuietly(RelationsSection), []);
  return (
    <>
      <Section icon={<IconAlignLeft size={18} />} title={t('tasks.fields.description')}>
        <DescriptionField editor={editor} handle={description} />
        <TaskReactions taskId={task.id} canWrite={canWrite} />
      </Section>
      {attachmentsOn && (fields.shown('attachments') || canWrite) && (
        <Section icon={<IconPaperclip size={18} />} title={t('tasks.fields.attachments')} name="attachments">
          <AttachmentsSection editor={editor} handle={attachments} />
        </Section>
      )}
      {fields.shown('relations') && (
        <Section icon={<IconLink size={18} />} title={t('tasks.fields.relations')} name="relations">
          <Suspense fallback={<EditorPlace />}>
            <RelationsSection editor={editor} />
          </Suspense>
        </Section>
      )}
      {comments && (
        <Section icon={<IconMessage size={18} />} title={t('tasks.fields.comments')}>
          <CommentsSection editor={editor} />
        </Section>
      )}
      <Text size="xs" c="dimmed">
        {t('tasks.detail.meta', {
          created: formatDateTime(new Date(task.created), i18n.language),
          author: task.createdBy ? displayName(task.createdBy) : '',
          updated: formatDateTime(new Date(task.updated), i18n.language),
        })}
      </Text>
    </>
  );
}

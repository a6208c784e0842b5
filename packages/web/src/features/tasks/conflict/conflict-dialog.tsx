/**
 * The other person's version beside this user's, for each field both changed: titles as text,
 * descriptions rendered, each copyable, and a merged description (both texts, theirs first) to
 * edit and save. Nothing is lost until the user chooses: the dialog closes only by a choice.
 */
import { Button, CopyButton, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Task } from '../../../api/tasks';
import { Modal } from '../../../ui/modal';
import { RichTextBox, useRichTextEditor } from '../rich-text';
import { RichTextView } from '../rich-text-view';
import { TASK_FIELD_LABELS } from '../task-field-labels';
import { conflictingFields, mergedDescription, type TaskConflict } from './task-conflict';

/** The text of rendered HTML, for the clipboard: a line per paragraph, item or heading. */
function plainText(html: string): string {
  const lines = html.replace(/<\/(p|li|h\d|blockquote|pre)>|<br\s*\/?>|<hr\s*\/?>/gi, '$&\n');
  return (new DOMParser().parseFromString(lines, 'text/html').body.textContent ?? '').trim();
}

const label = (t: TFunction, key: keyof Task) => (TASK_FIELD_LABELS[key] ? t(TASK_FIELD_LABELS[key]) : key);

function Side({ heading, copy, children }: { heading: string; copy: string; children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="sm" radius="sm" role="region" aria-label={heading}>
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Text size="sm" fw={600}>
          {heading}
        </Text>
        <CopyButton value={copy}>
          {({ copied, copy: doCopy }) => (
            <Button variant="subtle" size="compact-xs" onClick={doCopy}>
              {copied ? t('tasks.conflict.copied') : t('tasks.conflict.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
      {children}
    </Paper>
  );
}

function Merge({ conflict, onSave }: { conflict: TaskConflict; onSave: (html: string) => void }) {
  const { t } = useTranslation();
  const initial = mergedDescription(conflict.theirs.description ?? '', conflict.patch.description ?? '');
  const editor = useRichTextEditor(initial, { label: t('tasks.conflict.merged') });
  return (
    <Stack gap="xs">
      <Title order={4}>{t('tasks.conflict.merged')}</Title>
      <Text size="sm" c="dimmed">
        {t('tasks.conflict.mergedHint')}
      </Text>
      <RichTextBox editor={editor} minHeight={100} />
      <Group justify="flex-end">
        <Button variant="light" onClick={() => onSave(editor?.getHTML() ?? initial)}>
          {t('tasks.conflict.saveMerged')}
        </Button>
      </Group>
    </Stack>
  );
}

export function ConflictDialog({
  conflict,
  onResolve,
}: {
  conflict: TaskConflict | null;
  /** `null` keeps theirs; otherwise the changes to save on top of theirs. */
  onResolve: (patch: Partial<Task> | null) => void;
}) {
  const { t } = useTranslation();
  const fields = conflict ? conflictingFields(conflict) : [];
  const others = fields.filter((f) => f !== 'title' && f !== 'description');
  return (
    <Modal
      opened={conflict !== null}
      onClose={() => {}}
      closeOnEscape={false}
      closeOnClickOutside={false}
      withCloseButton={false}
      title={t('tasks.conflict.title')}
      size="xl"
      centered
    >
      {conflict && (
        <Stack gap="md">
          <Text size="sm">{t('tasks.conflict.intro')}</Text>
          {fields.includes('title') && (
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Side
                heading={`${t('tasks.conflict.theirs')}: ${t('tasks.fields.title')}`}
                copy={conflict.theirs.title}
              >
                <Text>{conflict.theirs.title}</Text>
              </Side>
              <Side
                heading={`${t('tasks.conflict.mine')}: ${t('tasks.fields.title')}`}
                copy={conflict.patch.title ?? ''}
              >
                <Text>{conflict.patch.title}</Text>
              </Side>
            </SimpleGrid>
          )}
          {fields.includes('description') && (
            <>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <Side
                  heading={`${t('tasks.conflict.theirs')}: ${t('tasks.fields.description')}`}
                  copy={plainText(conflict.theirs.description ?? '')}
                >
                  <RichTextView html={conflict.theirs.description ?? ''} label={t('tasks.conflict.theirs')} />
                </Side>
                <Side
                  heading={`${t('tasks.conflict.mine')}: ${t('tasks.fields.description')}`}
                  copy={plainText(conflict.patch.description ?? '')}
                >
                  <RichTextView html={conflict.patch.description ?? ''} label={t('tasks.conflict.mine')} />
                </Side>
              </SimpleGrid>
              <Merge
                conflict={conflict}
                onSave={(html) => onResolve({ ...conflict.patch, description: html })}
              />
            </>
          )}
          {others.length > 0 && (
            <Text size="sm">
              {t('tasks.conflict.otherFields', { fields: others.map((f) => label(t, f)).join(', ') })}
            </Text>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => onResolve(null)}>
              {t('tasks.conflict.keepTheirs')}
            </Button>
            <Button onClick={() => onResolve(conflict.patch)}>{t('tasks.conflict.keepMine')}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/**
 * The quick-add input for a task title (list view, kanban card, anywhere a title is typed): magic
 * words are read as you type and previewed under the input; Enter creates, Shift+Enter starts a
 * new line; pasted lines become one task each, indented ones subtasks of the line above.
 */
import { ActionIcon, Group, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { type KeyboardEvent, type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Task } from '../../api/tasks';
import { GrowingTextarea } from '../../ui/growing-textarea';
import { showError, showSuccess } from '../../ui/notices';
import { createdMessage, type ExtraTaskFields, QuickAddNoProjectError } from './create-quick-add-tasks';
import { previewLines } from './preview-model';
import { QuickAddHelpButton } from './quick-add-help-button';
import { QuickAddPreview } from './quick-add-preview';
import { useQuickAddTask } from './use-quick-add-task';

export interface QuickAddInputProps {
  /** The project the tasks go to unless the text names another; null to use the route's. */
  projectId: number | null;
  /** A kanban bucket of that project the new tasks go into. */
  bucketId?: number;
  /** Fields added to each created task (see ExtraTaskFields). */
  extraFields?: ExtraTaskFields;
  onCreated?: (tasks: Task[]) => void;
  placeholder?: string;
  label?: string;
  autoFocus?: boolean;
  /** Extra controls next to the submit button (e.g. a cancel button on a kanban card). */
  actions?: ReactNode;
  /** Escape in the input (e.g. closes a kanban bucket's new card). */
  onEscape?: () => void;
}

export function QuickAddInput({
  projectId,
  bucketId,
  extraFields,
  onCreated,
  placeholder,
  label,
  autoFocus,
  actions,
  onEscape,
}: QuickAddInputProps) {
  const { t } = useTranslation();
  const quickAdd = useQuickAddTask();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const lines = previewLines(text, quickAdd.environment(projectId));

  async function submit() {
    if (quickAdd.isPending) return;
    if (text.trim() === '') {
      setError(t('quickAdd.titleRequired'));
      return;
    }
    try {
      const { tasks } = await quickAdd.create({ text, projectId, bucketId, extraFields });
      setText('');
      setError(null);
      showSuccess(t, createdMessage(tasks, t));
      onCreated?.(tasks);
    } catch (failure) {
      if (failure instanceof QuickAddNoProjectError) setError(t('quickAdd.noProject'));
      else showError(t, failure);
    } finally {
      // Back to the input for the next task, unless the user moved on while the task was being
      // made (a request or a few): focus put elsewhere stays there.
      const focused = document.activeElement;
      if (!focused || focused === document.body || root.current?.contains(focused)) input.current?.focus();
    }
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Escape' && onEscape && !event.nativeEvent.isComposing) {
      onEscape();
      return;
    }
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void submit();
  }

  return (
    <Stack gap={6} ref={root}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <GrowingTextarea
          ref={input}
          style={{ flex: 1 }}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setError(null);
          }}
          onKeyDown={onKeyDown}
          placeholder={placeholder ?? t('quickAdd.placeholder')}
          aria-label={label ?? t('quickAdd.label')}
          error={error}
          readOnly={quickAdd.isPending}
          maxRows={8}
          autoFocus={autoFocus}
          leftSection={<IconPlus size={16} />}
          rightSection={<QuickAddHelpButton mode={quickAdd.mode} />}
          rightSectionPointerEvents="all"
        />
        <ActionIcon
          size={36}
          loading={quickAdd.isPending}
          onClick={() => void submit()}
          aria-label={t('quickAdd.submit')}
        >
          <IconPlus size={18} />
        </ActionIcon>
        {actions}
      </Group>
      <QuickAddPreview lines={lines} />
    </Stack>
  );
}

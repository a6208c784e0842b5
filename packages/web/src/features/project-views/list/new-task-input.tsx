/**
 * Adding a task to the view's project: the text is read with quick-add magic (labels, project,
 * priority, due date, repeat, assignees) in the user's quick-add mode.
 */
import { ActionIcon, Group, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Project } from '../../../api/projects';
import { queryKeys } from '../../../api/query-keys';
import { showError, showSuccess } from '../../../ui/notices';
import { useSignedInUser } from '../../auth/use-current-user';
import { useProjects } from '../../projects/use-projects';
import { createQuickAddTask } from '../quick-add-task';

export function NewTaskInput({ project }: { project: Project; viewId: number }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const user = useSignedInUser();
  const projects = useProjects().data ?? [];
  const [text, setText] = useState('');
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    const input = text.trim();
    if (!input) {
      setError(t('projectViews.newTask.titleRequired'));
      return;
    }
    setSaving(true);
    try {
      await createQuickAddTask(input, {
        mode: user.settings.frontendSettings.quickAddMagicMode,
        now: new Date(),
        projects,
        currentProjectId: project.id,
      });
      setText('');
      showSuccess(t, t('projectViews.newTask.success'));
      await client.invalidateQueries({ queryKey: queryKeys.tasks });
    } catch (failure) {
      showError(t, failure);
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <TextInput
          style={{ flex: 1 }}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setError(null);
          }}
          placeholder={t('projectViews.newTask.placeholder')}
          aria-label={t('projectViews.newTask.label')}
          error={error}
          readOnly={saving}
          leftSection={<IconPlus size={16} />}
        />
        <ActionIcon type="submit" size={36} loading={saving} aria-label={t('projectViews.newTask.submit')}>
          <IconPlus size={18} />
        </ActionIcon>
      </Group>
    </form>
  );
}

/** Moving the task to another project the user may write to (spec 2 §3 projectId). */
import { Select } from '@mantine/core';
import { Right } from '@ordo/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchAllProjects } from '../../../api/projects';
import { queryKeys } from '../../../api/query-keys';
import type { TaskEditor } from '../use-task-editor';

export function MoveField({ editor }: { editor: TaskEditor }) {
  const { t } = useTranslation();
  const projects = useQuery({ queryKey: queryKeys.projects, queryFn: fetchAllProjects });
  const targets = (projects.data ?? []).filter(
    (p) =>
      p.id > 0 &&
      !p.isArchived &&
      (p.maxRight ?? Right.read) >= Right.write &&
      p.id !== editor.task.projectId,
  );
  return (
    <Select
      aria-label={t('tasks.move.label')}
      placeholder={t('tasks.move.placeholder')}
      data={targets.map((p) => ({ value: String(p.id), label: p.title }))}
      value={null}
      searchable
      nothingFoundMessage={t('tasks.move.none')}
      onChange={(value) => {
        if (!value) return;
        const from = editor.task.projectId;
        editor.save(
          { projectId: Number(value) },
          {
            message: t('tasks.move.moved'),
            // Undo moves it back (to the top of the old project's views, as any move places it).
            actions: () => [
              {
                label: t('tasks.done.undo'),
                onClick: () => editor.save({ projectId: from }, { message: t('tasks.move.movedBack') }),
              },
            ],
          },
        );
      }}
      disabled={!editor.canWrite}
      data-task-focus="click"
    />
  );
}

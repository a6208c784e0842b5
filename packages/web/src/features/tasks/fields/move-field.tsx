/** Moving the task to another project the user may write to (spec 2 §3 projectId). */
import { useTranslation } from 'react-i18next';
import type { TaskEditor } from '../use-task-editor';
import { ProjectTargetSelect } from './project-target-select';

export function MoveField({ editor }: { editor: TaskEditor }) {
  const { t } = useTranslation();
  return (
    <ProjectTargetSelect
      currentProjectId={editor.task.projectId}
      disabled={!editor.canWrite}
      onPick={(target) => {
        const from = editor.task.projectId;
        editor.save(
          { projectId: target },
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
    />
  );
}

/**
 * Adding a task to the view's project: the text is read with quick-add magic (labels, project,
 * priority, due date, repeat, assignees) in the user's quick-add mode, with a preview of what was
 * recognised; pasted lines become one task each (features/quick-add).
 */
import { useTranslation } from 'react-i18next';
import type { Project } from '../../../api/projects';
import { QuickAddInput } from '../../quick-add/quick-add-input';

export function NewTaskInput({ project }: { project: Project; viewId: number }) {
  const { t } = useTranslation();
  return (
    <QuickAddInput
      projectId={project.id}
      placeholder={t('projectViews.newTask.placeholder')}
      label={t('projectViews.newTask.label')}
    />
  );
}

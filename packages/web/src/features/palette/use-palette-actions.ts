/**
 * What the palette does (spec 2 §4): open a project, task or team; run a command with the typed
 * text as the title — a task in the current project (or the default project), a project under the
 * current one (or at the root), a team whose edit page then opens.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { createProject } from '../../api/projects';
import { queryKeys } from '../../api/query-keys';
import { createTeam } from '../../api/teams';
import { showError, showSuccess } from '../../ui/notices';
import { createdMessage, QuickAddNoProjectError } from '../quick-add/create-quick-add-tasks';
import { useQuickAddTask } from '../quick-add/use-quick-add-task';
import { useRouteProjectId } from '../quick-add/use-route-project';
import { taskLinkState } from '../tasks/open-task';
import type { CommandKind, PaletteItem } from './use-palette-results';

export function usePaletteActions(close: () => void) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const client = useQueryClient();
  const quickAdd = useQuickAddTask();
  const routeProjectId = useRouteProjectId();
  const currentProjectId = routeProjectId !== null && routeProjectId > 0 ? routeProjectId : null;

  function openTask(id: number) {
    navigate(`/tasks/${id}`, { state: taskLinkState(location) });
  }

  /** Opens a result; for a label the caller rewrites the input instead. */
  function open(item: Exclude<PaletteItem, { type: 'command' | 'label' }>) {
    close();
    if (item.type === 'project') navigate(`/projects/${item.project.id}`);
    else if (item.type === 'task') openTask(item.task.id);
    else navigate(`/teams/${item.team.id}/edit`);
  }

  async function newTask(title: string) {
    const { tasks } = await quickAdd.create({
      text: title,
      projectId: currentProjectId ?? quickAdd.defaultProjectId,
    });
    showSuccess(t, createdMessage(tasks, t));
    openTask(tasks[0].id);
  }

  async function newProject(title: string) {
    await createProject({ title, parentProjectId: currentProjectId ?? 0 });
    await client.invalidateQueries({ queryKey: queryKeys.projects, exact: true });
    showSuccess(t, t('palette.projectCreated'));
  }

  async function newTeam(name: string) {
    const team = await createTeam({ name, description: '', isPublic: false });
    void client.invalidateQueries({ queryKey: ['teams'] });
    navigate(`/teams/${team.id}/edit`);
    showSuccess(t, t('palette.teamCreated'));
  }

  /** Runs a command; the palette closes first, as the work may take a moment. */
  async function run(kind: CommandKind, text: string) {
    close();
    try {
      if (kind === 'newTask') await newTask(text);
      else if (kind === 'newProject') await newProject(text);
      else await newTeam(text);
    } catch (failure) {
      showError(t, failure instanceof QuickAddNoProjectError ? new Error(t('quickAdd.noProject')) : failure);
    }
  }

  return { open, run, currentProjectId, mode: quickAdd.mode, environment: quickAdd.environment };
}

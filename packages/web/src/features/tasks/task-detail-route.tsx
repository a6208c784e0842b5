/**
 * task.detail (spec 2 §2): a scrolling modal over the page it was opened from, or a page when
 * opened directly. Closing goes back in history; from a project view whose project the task has
 * left, it goes to the task's current project instead; without history it returns to the
 * backdrop route.
 */
import { Modal, Paper } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { type Location, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import type { Task } from '../../api/tasks';
import { backdropOf } from '../../app/backdrop-state';
import { outbox } from '../../app/offline/outbox';
import { NotFoundPage } from '../errors/not-found-page';
import { TaskDetail } from './detail/task-detail';
import { taskIdOf } from './open-at-task';
import { invalidateTaskLists } from './use-task-editor';

const projectViewPath = /^\/projects\/(\d+)\/(\d+)\/?$/;

function pathOf(location: Location): string {
  return `${location.pathname}${location.search}${location.hash}`;
}

function canGoBack(): boolean {
  return ((window.history.state as { idx?: number } | null)?.idx ?? 0) > 0;
}

export function TaskDetailRoute() {
  const { id } = useParams();
  const location = useLocation();
  const taskId = taskIdOf(id);
  // A task made offline that the server has made since opens as itself, at its own address.
  const madeAs = useSyncExternalStore(outbox.subscribe, () =>
    taskId ? outbox.snapshot().madeAs[taskId] : undefined,
  );
  if (taskId === null) return <NotFoundPage />;
  if (madeAs) return <Navigate to={`/tasks/${madeAs}${location.search}`} state={location.state} replace />;
  const backdrop = backdropOf(location);
  return backdrop ? (
    <TaskDetailModal taskId={taskId} backdrop={backdrop} />
  ) : (
    <TaskDetailPage taskId={taskId} />
  );
}

function TaskDetailModal({ taskId, backdrop }: { taskId: number; backdrop: Location }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mobile = useMediaQuery('(max-width: 48em)');

  function close(task: Task | null) {
    const view = projectViewPath.exec(backdrop.pathname);
    if (view && task && Number(view[1]) !== task.projectId) navigate(`/projects/${task.projectId}`);
    else if (canGoBack()) navigate(-1);
    else navigate(pathOf(backdrop));
  }

  return (
    <Modal
      opened
      onClose={() =>
        close(queryClient.getQueryData<{ task: Task }>(['tasks', 'detail', taskId])?.task ?? null)
      }
      size="min(1100px, 100%)"
      fullScreen={mobile}
      withCloseButton={false}
      padding={mobile ? 'md' : 'xl'}
      aria-label={t('tasks.detail.title')}
      transitionProps={{ duration: 150 }}
      // The task's own shortcuts need the keys; Esc still closes.
      trapFocus={false}
    >
      <TaskDetail
        taskId={taskId}
        onClose={close}
        onDeleted={(task) => {
          void invalidateTaskLists(queryClient, task.id);
          const view = projectViewPath.exec(backdrop.pathname);
          navigate(view ? `/projects/${task.projectId}` : pathOf(backdrop), { replace: true });
        }}
      />
    </Modal>
  );
}

function TaskDetailPage({ taskId }: { taskId: number }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <Paper withBorder radius="md" p={{ base: 'sm', sm: 'xl' }}>
      <TaskDetail
        taskId={taskId}
        onDeleted={(task) => {
          void invalidateTaskLists(queryClient, task.id);
          navigate(`/projects/${task.projectId}`, { replace: true });
        }}
      />
    </Paper>
  );
}

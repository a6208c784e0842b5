/**
 * task.detail (spec 2 §2): a scrolling modal over the page it was opened from, or a page when
 * opened directly. Closing goes back in history; from a project view whose project the task has
 * left, it goes to the task's current project instead; without history it returns to the
 * backdrop route.
 */
import { Modal, Paper } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { type RefObject, useEffect, useRef, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { type Location, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import type { Task } from '../../api/tasks';
import { backdropOf } from '../../app/backdrop-state';
import { outbox } from '../../app/offline/outbox';
import { useFocusReturn } from '../../ui/focus-return';
import { NotFoundPage } from '../errors/not-found-page';
import { TaskDetail } from './detail/task-detail';
import { taskIdOf } from './open-at-task';
import classes from './task-detail-route.module.css';
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
  const body = useRef<HTMLDivElement>(null);
  useFocusReturn(true);

  function close(task: Task | null) {
    const view = projectViewPath.exec(backdrop.pathname);
    if (view && task && Number(view[1]) !== task.projectId) navigate(`/projects/${task.projectId}`);
    else if (canGoBack()) navigate(-1);
    else navigate(pathOf(backdrop));
  }
  const closeShown = () =>
    close(queryClient.getQueryData<{ task: Task }>(['tasks', 'detail', taskId])?.task ?? null);
  useEscapeInDetail(body, closeShown);

  return (
    <Modal.Root
      opened
      onClose={closeShown}
      size="min(1100px, 100%)"
      fullScreen={mobile}
      padding={mobile ? 'md' : 'xl'}
      transitionProps={{ duration: 150 }}
      // Mantine's Escape closes the dialog from anywhere, a date picker or a confirmation over it
      // too; useEscapeInDetail closes it only from the detail itself.
      closeOnEscape={false}
    >
      <Modal.Overlay />
      <Modal.Content aria-label={t('tasks.detail.title')}>
        {/* The focus starts on the detail, not in a field: its shortcuts need the keys. */}
        <Modal.Body ref={body} tabIndex={-1} data-autofocus className={classes.body}>
          <TaskDetail
            taskId={taskId}
            onClose={close}
            onDeleted={(task) => {
              void invalidateTaskLists(queryClient, task.id);
              const view = projectViewPath.exec(backdrop.pathname);
              navigate(view ? `/projects/${task.projectId}` : pathOf(backdrop), { replace: true });
            }}
          />
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}

function isTextField(element: HTMLElement): boolean {
  return element.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName);
}

/**
 * Escape on the detail closes it. Escape in a field leaves the field for the detail (the next one
 * closes it), and Escape in what opens over the detail (a date picker, a menu, a confirmation,
 * all drawn outside it) is theirs: it closes only them.
 */
function useEscapeInDetail(body: RefObject<HTMLDivElement | null>, close: () => void) {
  const latest = useRef(close);
  latest.current = close;
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== 'Escape' || event.isComposing || event.defaultPrevented) return;
      const detail = body.current;
      const target = event.target instanceof HTMLElement ? event.target : null;
      if (!detail || !target) return;
      if (target !== document.body && !detail.contains(target)) return;
      // A list open under a field (labels, assignees) closes first.
      if (target.getAttribute('data-mantine-stop-propagation') === 'true') return;
      if (isTextField(target)) {
        detail.focus({ preventScroll: true });
        return;
      }
      latest.current();
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [body]);
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

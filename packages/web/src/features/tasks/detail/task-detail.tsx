/**
 * The task detail (spec 2 §2 task.detail, §3 Task): every field edited in place, the parts of a
 * task, and the task-detail keyboard shortcuts. Its parts live beside it: the head
 * (detail-header), the attributes, the sections below them, and the actions column.
 */
import { Alert, Box, Button, Grid, Group, Stack } from '@mantine/core';
import { colorWithHash } from '@ordo/core';
import { lazy, Suspense, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Task, TaskDetail as TaskDetailData } from '../../../api/tasks';
import { matchesShortcut } from '../../../app/shortcuts/shortcut-keys';
import { isApple } from '../../../app/shortcuts/shortcuts';
import { ConfirmModal } from '../../../ui/confirm-modal';
import { DelayedLoader } from '../../../ui/delayed-loader';
import { Modal } from '../../../ui/modal';
import { useSlicedArrival } from '../../../ui/use-sliced-arrival';
import { SaveTemplateForm } from '../../templates/save-template-form';
import type { DescriptionHandle } from '../fields/description-handle';
import type { AttachmentsHandle } from '../sections/attachments-section';
import { useMarkRead } from '../use-mark-read';
import { useTaskDetail, useTaskEditor } from '../use-task-editor';
import { ActionsSidebar } from './actions-sidebar';
import { DetailAttributes } from './detail-attributes';
import { DetailHeader } from './detail-header';
import { DetailSections } from './detail-sections';
import { useFieldVisibility } from './field-visibility';
import { taskShortcuts, useDetailShortcuts } from './use-detail-shortcuts';
import { useTaskActions } from './use-task-actions';

// Merging an edit conflict needs the rich-text editor, which a task page otherwise loads only
// for writing; the dialog's chunk brings it.
const ConflictDialog = lazy(() =>
  import('../conflict/conflict-dialog').then((module) => ({ default: module.ConflictDialog })),
);

export function TaskDetail({
  taskId,
  onClose,
  onDeleted,
}: {
  taskId: number;
  /** Shown as a close button (modal); absent on the page. */
  onClose?: (task: Task | null) => void;
  onDeleted: (task: Task) => void;
}) {
  const { t } = useTranslation();
  const detail = useTaskDetail(taskId);
  // The detail is some hundreds of components: drawn in slices once it arrives.
  const arrived = useSlicedArrival(detail.data !== undefined);
  // Only a first load that failed replaces the detail: when a later refetch fails, the task already
  // on screen (and any edit in progress) stays, rather than vanishing behind an error.
  if (detail.error && !detail.data) {
    return (
      <Stack gap="md" p="md">
        <Alert color="red" role="alert">
          {t('tasks.detail.loadFailed')}
        </Alert>
        {onClose && (
          <Group>
            <Button variant="default" onClick={() => onClose(null)}>
              {t('tasks.detail.close')}
            </Button>
          </Group>
        )}
      </Stack>
    );
  }
  if (!detail.data || !arrived) return <DelayedLoader label={t('tasks.detail.loading')} />;
  return <TaskDetailContent key={taskId} detail={detail.data} onClose={onClose} onDeleted={onDeleted} />;
}

function TaskDetailContent({
  detail,
  onClose,
  onDeleted,
}: {
  detail: TaskDetailData;
  onClose?: (task: Task | null) => void;
  onDeleted: (task: Task) => void;
}) {
  const editor = useTaskEditor(detail);
  useMarkRead(detail.task.id);
  const { t } = useTranslation();
  const task = editor.task;
  const root = useRef<HTMLDivElement>(null);
  const description = useRef<DescriptionHandle>(null);
  const attachments = useRef<AttachmentsHandle>(null);
  const actions = useTaskActions(editor, onDeleted);
  const fields = useFieldVisibility(task, root);

  function saveAll() {
    if (description.current?.flush()) return;
    // Leaving a field commits it (title, colour, repeat amount); otherwise save the task as it is.
    const active = document.activeElement as HTMLElement | null;
    if (active && root.current?.contains(active) && /^(INPUT|TEXTAREA)$/.test(active.tagName)) active.blur();
    else editor.save({});
  }

  const canWrite = editor.canWrite;
  useDetailShortcuts({ editor, fields, actions, attachments, description, saveAll });

  const color = task.hexColor ? colorWithHash(task.hexColor) : undefined;
  return (
    <Box
      ref={root}
      pos="relative"
      // Ctrl/Cmd+S saves even while typing in a field (global shortcuts pause while typing).
      onKeyDownCapture={(event) => {
        if (!matchesShortcut(event, taskShortcuts.save, isApple)) return;
        event.preventDefault();
        event.stopPropagation();
        if (canWrite) saveAll();
      }}
      // Files dropped anywhere on the task are attached.
      onDragOver={(event) => {
        if (canWrite && event.dataTransfer.types.includes('Files')) event.preventDefault();
      }}
      onDrop={(event) => {
        if (!canWrite || event.dataTransfer.files.length === 0) return;
        event.preventDefault();
        attachments.current?.upload([...event.dataTransfer.files]);
      }}
    >
      {color && (
        <Box
          aria-hidden="true"
          pos="absolute"
          top={0}
          left={0}
          right={0}
          h={4}
          bg={color}
          style={{ borderRadius: 'var(--mantine-radius-sm)' }}
        />
      )}
      <Stack gap="lg" pt="sm">
        <DetailHeader editor={editor} onToggleFavorite={actions.toggleFavorite} onClose={onClose} />
        <Grid gutter="xl">
          <Grid.Col span={{ base: 12, md: 9 }} order={{ base: 2, md: 1 }}>
            <Stack gap="xl">
              <DetailAttributes editor={editor} fields={fields} />
              <DetailSections
                editor={editor}
                fields={fields}
                description={description}
                attachments={attachments}
              />
            </Stack>
          </Grid.Col>
          {canWrite && (
            <Grid.Col span={{ base: 12, md: 3 }} order={{ base: 1, md: 2 }}>
              <ActionsSidebar task={task} fields={fields} actions={actions} attachments={attachments} />
            </Grid.Col>
          )}
        </Grid>
      </Stack>
      <ConfirmModal
        opened={actions.confirmDelete}
        title={t('tasks.delete.title')}
        message={t('tasks.delete.confirm', { title: task.title })}
        confirmLabel={t('tasks.delete.action')}
        loading={actions.deleting}
        onClose={() => actions.setConfirmDelete(false)}
        onConfirm={() => void actions.remove()}
      />
      <Modal
        opened={actions.savingTemplate}
        onClose={() => actions.setSavingTemplate(false)}
        title={t('templates.save.title', { title: task.title })}
        centered
      >
        <SaveTemplateForm
          kind="task"
          sourceId={task.id}
          defaultTitle={task.title}
          onDone={() => actions.setSavingTemplate(false)}
        />
      </Modal>
      {/* Mounted only for a conflict: its code brings the rich-text editor, which a task page
          otherwise loads only for writing. */}
      {editor.conflict && (
        <Suspense fallback={null}>
          <ConflictDialog conflict={editor.conflict} onResolve={editor.resolve} />
        </Suspense>
      )}
    </Box>
  );
}

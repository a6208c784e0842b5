/** The task-detail keyboard shortcuts (spec 2 §2); the ones that change the task need write access. */
import type { RefObject } from 'react';
import { useNavigate } from 'react-router';
import { taskDetailShortcuts } from '../../../app/shortcuts/shortcut-catalogue';
import { isApple, useShortcut } from '../../../app/shortcuts/shortcuts';
import type { DescriptionHandle } from '../fields/description-handle';
import type { AttachmentsHandle } from '../sections/attachments-section';
import type { TaskEditor } from '../use-task-editor';
import type { FieldVisibility } from './field-visibility';
import { useTaskExtras } from './task-extras';
import type { TaskActions } from './use-task-actions';

/** The task-detail bindings (spec 2 §2), shared with the shortcuts help. */
export const taskShortcuts = taskDetailShortcuts(isApple);

export function useDetailShortcuts({
  editor,
  fields,
  actions,
  attachments,
  description,
  saveAll,
}: {
  editor: TaskEditor;
  fields: FieldVisibility;
  actions: TaskActions;
  attachments: RefObject<AttachmentsHandle | null>;
  description: RefObject<DescriptionHandle | null>;
  saveAll: () => void;
}) {
  const navigate = useNavigate();
  const { reveal } = fields;
  const canWrite = editor.canWrite;
  const extras = useTaskExtras();
  const ifWritable = (action: () => void) => () => canWrite && action();
  useShortcut(taskShortcuts.done, ifWritable(actions.toggleDone));
  useShortcut(
    taskShortcuts.assign,
    ifWritable(() => reveal('assignees')),
  );
  useShortcut(
    taskShortcuts.labels,
    ifWritable(() => reveal('labels')),
  );
  useShortcut(
    taskShortcuts.dueDate,
    ifWritable(() => reveal('dueDate')),
  );
  useShortcut(
    taskShortcuts.attachment,
    ifWritable(() => extras.attachments && attachments.current?.pickFiles()),
  );
  useShortcut(
    taskShortcuts.related,
    ifWritable(() => reveal('relations')),
  );
  useShortcut(
    taskShortcuts.move,
    ifWritable(() => reveal('move')),
  );
  useShortcut(
    taskShortcuts.color,
    ifWritable(() => reveal('color')),
  );
  useShortcut(
    taskShortcuts.reminder,
    ifWritable(() => reveal('reminders')),
  );
  useShortcut(
    taskShortcuts.description,
    ifWritable(() => description.current?.edit()),
  );
  useShortcut(
    taskShortcuts.priority,
    ifWritable(() => reveal('priority')),
  );
  useShortcut(
    taskShortcuts.delete,
    ifWritable(() => actions.setConfirmDelete(true)),
  );
  useShortcut(taskShortcuts.favorite, ifWritable(actions.toggleFavorite));
  useShortcut(taskShortcuts.project, () => navigate(`/projects/${editor.task.projectId}`));
  useShortcut(taskShortcuts.save, ifWritable(saveAll));
}

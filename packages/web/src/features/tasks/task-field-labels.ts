/**
 * The translation key of each task field a user edits by name, for lists that name changed fields
 * (an edit conflict, offline changes that met someone else's). Fields no one edits by name (a
 * position, a cover image) have none and are left out of such lists.
 */
import type { Task } from '../../api/tasks';

export const TASK_FIELD_LABELS: Partial<Record<keyof Task, string>> = {
  title: 'tasks.fields.title',
  description: 'tasks.fields.description',
  done: 'tasks.done.badge',
  priority: 'tasks.fields.priority',
  dueDate: 'tasks.fields.dueDate',
  startDate: 'tasks.fields.startDate',
  endDate: 'tasks.fields.endDate',
  percentDone: 'tasks.fields.percentDone',
  hexColor: 'tasks.fields.color',
  reminders: 'tasks.fields.reminders',
  assignees: 'tasks.fields.assignees',
  repeatAfter: 'tasks.fields.repeat',
  repeatMode: 'tasks.fields.repeat',
  projectId: 'projects.project',
};

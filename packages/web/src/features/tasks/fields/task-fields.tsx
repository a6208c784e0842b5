/**
 * The fields of the task detail, in the order of their buttons and attributes. The detail takes
 * from this list which fields there are, when one has a value (a field without one stays hidden
 * until its button or shortcut asks for it), the attribute grid and the action buttons: a new
 * field is one entry here.
 */
import { isCustomRrule, isRepeating, type RepeatMode } from '@ordo/core';
import {
  type Icon,
  IconArrowRight,
  IconBell,
  IconCalendar,
  IconCalendarEvent,
  IconFlag,
  IconLink,
  IconPalette,
  IconPaperclip,
  IconPercentage,
  IconRepeat,
  IconTag,
  IconUsers,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { attachmentsOf } from '../../../api/attachments';
import { remindersOf, type Task } from '../../../api/tasks';
import { type LazyPage, lazyPage } from '../../../app/lazy-page';
import type { taskDetailShortcuts } from '../../../app/shortcuts/shortcut-catalogue';
import { dateOf } from '../task-dates';
import type { TaskEditor } from '../use-task-editor';

/** What a field's input gets. */
export interface FieldInputProps {
  editor: TaskEditor;
  /** The user's first day of the week, for date pickers. */
  weekStart: number;
}

export interface TaskField {
  name: string;
  icon: Icon;
  /** i18n key of the attribute's title. */
  label: string;
  /** i18n key of the button that shows the field. */
  action: string;
  /** The button's key hint: its shortcut in the task-detail catalogue (bound by the detail). */
  shortcut?: keyof ReturnType<typeof taskDetailShortcuts>;
  hasValue: (task: Task) => boolean;
  /**
   * The attribute's input, in the grid (`wide`: below it, the full width). Without one the field
   * is a section of its own that the detail lays out (attachments, related tasks). Its code loads
   * when the field is first shown, or as soon as the detail has drawn (detail-attributes.tsx): a task shows few of its fields, and their editors (date pickers,
   * selects and their popups) were most of the detail's download.
   */
  input?: LazyPage<FieldInputProps>;
  wide?: boolean;
}

/** A field's editor, from its module, loaded on first use (see TaskField.input). */
function editor<K extends string>(
  load: () => Promise<Record<K, ComponentType<FieldInputProps>>>,
  name: K,
): LazyPage<FieldInputProps> {
  return lazyPage<K, FieldInputProps>(load, name);
}

const AssigneesField = editor(() => import('./assignees-field'), 'AssigneesField');
const LabelsField = editor(() => import('./labels-field'), 'LabelsField');
const PriorityField = editor(() => import('./simple-fields'), 'PriorityField');
const DueDateField = editor(() => import('./due-date-field'), 'DueDateField');
const StartDateField = editor(() => import('./span-date-fields'), 'StartDateField');
const EndDateField = editor(() => import('./span-date-fields'), 'EndDateField');
const RemindersField = editor(() => import('./reminders-field'), 'RemindersField');
const RepeatField = editor(() => import('./repeat-field'), 'RepeatField');
const PercentDoneField = editor(() => import('./simple-fields'), 'PercentDoneField');
const ColorField = editor(() => import('./simple-fields'), 'ColorField');
const MoveField = editor(() => import('./move-field'), 'MoveField');

const fields = [
  {
    name: 'assignees',
    icon: IconUsers,
    label: 'tasks.fields.assignees',
    action: 'tasks.actions.assign',
    shortcut: 'assign',
    hasValue: (task) => (task.assignees ?? []).length > 0,
    input: AssigneesField,
  },
  {
    name: 'labels',
    icon: IconTag,
    label: 'tasks.fields.labels',
    action: 'tasks.actions.labels',
    shortcut: 'labels',
    hasValue: (task) => (task.labels ?? []).length > 0,
    input: LabelsField,
    wide: true,
  },
  {
    name: 'priority',
    icon: IconFlag,
    label: 'tasks.fields.priority',
    action: 'tasks.actions.priority',
    shortcut: 'priority',
    hasValue: (task) => task.priority > 0,
    input: PriorityField,
  },
  {
    name: 'dueDate',
    icon: IconCalendarEvent,
    label: 'tasks.fields.dueDate',
    action: 'tasks.actions.dueDate',
    shortcut: 'dueDate',
    hasValue: (task) => dateOf(task.dueDate) !== null,
    input: DueDateField,
  },
  {
    name: 'startDate',
    icon: IconCalendar,
    label: 'tasks.fields.startDate',
    action: 'tasks.actions.startDate',
    hasValue: (task) => dateOf(task.startDate) !== null,
    input: StartDateField,
  },
  {
    name: 'endDate',
    icon: IconCalendar,
    label: 'tasks.fields.endDate',
    action: 'tasks.actions.endDate',
    hasValue: (task) => dateOf(task.endDate) !== null,
    input: EndDateField,
  },
  {
    name: 'reminders',
    icon: IconBell,
    label: 'tasks.fields.reminders',
    action: 'tasks.actions.reminders',
    shortcut: 'reminder',
    hasValue: (task) => remindersOf(task).length > 0,
    input: RemindersField,
  },
  {
    name: 'repeat',
    icon: IconRepeat,
    label: 'tasks.fields.repeat',
    action: 'tasks.actions.repeat',
    hasValue: (task) =>
      isRepeating({ repeatAfter: task.repeatAfter, repeatMode: task.repeatMode as RepeatMode }) ||
      isCustomRrule(task.repeatRule ?? ''),
    input: RepeatField,
  },
  {
    name: 'percentDone',
    icon: IconPercentage,
    label: 'tasks.fields.percentDone',
    action: 'tasks.actions.percentDone',
    hasValue: (task) => task.percentDone > 0,
    input: PercentDoneField,
  },
  {
    name: 'color',
    icon: IconPalette,
    label: 'tasks.fields.color',
    action: 'tasks.actions.color',
    shortcut: 'color',
    hasValue: (task) => task.hexColor !== '',
    input: ColorField,
  },
  {
    name: 'attachments',
    icon: IconPaperclip,
    label: 'tasks.fields.attachments',
    action: 'tasks.actions.attachments',
    shortcut: 'attachment',
    hasValue: (task) => attachmentsOf(task).length > 0,
  },
  {
    name: 'relations',
    icon: IconLink,
    label: 'tasks.fields.relations',
    action: 'tasks.actions.relations',
    shortcut: 'related',
    hasValue: (task) => Object.values(task.relatedTasks ?? {}).some((list) => (list ?? []).length > 0),
  },
  {
    name: 'move',
    icon: IconArrowRight,
    label: 'tasks.move.label',
    action: 'tasks.actions.move',
    shortcut: 'move',
    // Moving is an action, not a value: it shows only when asked for.
    hasValue: () => false,
    input: MoveField,
  },
] as const satisfies readonly TaskField[];

export type FieldName = (typeof fields)[number]['name'];

export const taskFields: readonly (TaskField & { name: FieldName })[] = fields;

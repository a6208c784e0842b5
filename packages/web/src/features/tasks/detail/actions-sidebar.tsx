/** The task's action buttons (a column beside the task on wide screens), with their key hints. */
import { Button, Kbd, SimpleGrid } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconArrowRight,
  IconBell,
  IconCalendar,
  IconCalendarEvent,
  IconCheck,
  IconFlag,
  IconLink,
  IconPalette,
  IconPaperclip,
  IconPercentage,
  IconRepeat,
  IconTag,
  IconTrash,
  IconUsers,
} from '@tabler/icons-react';
import type { ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { Task } from '../../../api/tasks';
import { shortcutLabel } from '../../../app/shortcuts/shortcut-keys';
import { isApple } from '../../../app/shortcuts/shortcuts';
import type { AttachmentsHandle } from '../sections/attachments-section';
import actionClasses from '../task-action-button.module.css';
import type { FieldVisibility } from './field-visibility';
import { taskShortcuts } from './use-detail-shortcuts';
import type { TaskActions } from './use-task-actions';

interface ActionButtonProps {
  icon: ReactNode;
  label: string;
  shortcut?: string;
  onClick: () => void;
  color?: string;
  active?: boolean;
}

function ActionButton({ icon, label, shortcut, onClick, color, active }: ActionButtonProps) {
  // Key hints only where the buttons are one column wide (and a keyboard is likely).
  const wide = useMediaQuery('(min-width: 62em)');
  return (
    <Button
      variant={active ? 'light' : 'subtle'}
      color={color ?? 'gray'}
      justify="space-between"
      fullWidth
      leftSection={icon}
      onClick={onClick}
      rightSection={
        shortcut && wide ? (
          <Kbd size="xs" component="span">
            {shortcutLabel(shortcut, isApple)[0]}
          </Kbd>
        ) : undefined
      }
      px="xs"
      // Long labels (French, German…) wrap onto a second line rather than being cut off.
      h="auto"
      mih="var(--button-height)"
      py={6}
      classNames={{ section: actionClasses.section }}
      styles={{
        inner: { justifyContent: 'space-between' },
        // A label never gets narrower than its longest word.
        label: {
          flex: 1,
          minWidth: 'min-content',
          whiteSpace: 'normal',
          textAlign: 'start',
          lineHeight: 1.25,
        },
      }}
    >
      {label}
    </Button>
  );
}

export function ActionsSidebar({
  task,
  fields,
  actions,
  attachments,
}: {
  task: Task;
  fields: FieldVisibility;
  actions: TaskActions;
  attachments: RefObject<AttachmentsHandle | null>;
}) {
  const { t } = useTranslation();
  const { reveal } = fields;
  const buttons: ActionButtonProps[] = [
    {
      icon: <IconCheck size={16} />,
      label: task.done ? t('tasks.done.unmark') : t('tasks.done.mark'),
      shortcut: taskShortcuts.done,
      onClick: actions.toggleDone,
      color: task.done ? 'gray' : 'green',
      active: true,
    },
    {
      icon: <IconUsers size={16} />,
      label: t('tasks.actions.assign'),
      shortcut: taskShortcuts.assign,
      onClick: () => reveal('assignees'),
    },
    {
      icon: <IconTag size={16} />,
      label: t('tasks.actions.labels'),
      shortcut: taskShortcuts.labels,
      onClick: () => reveal('labels'),
    },
    {
      icon: <IconFlag size={16} />,
      label: t('tasks.actions.priority'),
      shortcut: taskShortcuts.priority,
      onClick: () => reveal('priority'),
    },
    {
      icon: <IconCalendarEvent size={16} />,
      label: t('tasks.actions.dueDate'),
      shortcut: taskShortcuts.dueDate,
      onClick: () => reveal('dueDate'),
    },
    {
      icon: <IconCalendar size={16} />,
      label: t('tasks.actions.startDate'),
      onClick: () => reveal('startDate'),
    },
    { icon: <IconCalendar size={16} />, label: t('tasks.actions.endDate'), onClick: () => reveal('endDate') },
    {
      icon: <IconBell size={16} />,
      label: t('tasks.actions.reminders'),
      shortcut: taskShortcuts.reminder,
      onClick: () => reveal('reminders'),
    },
    { icon: <IconRepeat size={16} />, label: t('tasks.actions.repeat'), onClick: () => reveal('repeat') },
    {
      icon: <IconPercentage size={16} />,
      label: t('tasks.actions.percentDone'),
      onClick: () => reveal('percentDone'),
    },
    {
      icon: <IconPalette size={16} />,
      label: t('tasks.actions.color'),
      shortcut: taskShortcuts.color,
      onClick: () => reveal('color'),
    },
    {
      icon: <IconPaperclip size={16} />,
      label: t('tasks.actions.attachments'),
      shortcut: taskShortcuts.attachment,
      onClick: () => attachments.current?.pickFiles(),
    },
    {
      icon: <IconLink size={16} />,
      label: t('tasks.actions.relations'),
      shortcut: taskShortcuts.related,
      onClick: () => reveal('relations'),
    },
    {
      icon: <IconArrowRight size={16} />,
      label: t('tasks.actions.move'),
      shortcut: taskShortcuts.move,
      onClick: () => reveal('move'),
    },
    {
      icon: <IconTrash size={16} />,
      label: t('tasks.actions.delete'),
      shortcut: taskShortcuts.delete,
      onClick: () => actions.setConfirmDelete(true),
      color: 'red',
    },
  ];
  return (
    <SimpleGrid
      cols={{ base: 2, xs: 3, md: 1 }}
      spacing={4}
      verticalSpacing={2}
      aria-label={t('tasks.detail.actions')}
      role="group"
    >
      {buttons.map((button) => (
        <ActionButton key={button.label} {...button} />
      ))}
    </SimpleGrid>
  );
}

/**
 * The task's action buttons (a column beside the task on wide screens), with their key hints:
 * done, one per field of fields/task-fields.tsx, duplicate, save as template, delete (shown to
 * those who may write).
 */
import { Button, Kbd, SimpleGrid } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCheck, IconCopy, IconTemplate, IconTrash } from '@tabler/icons-react';
import type { ReactNode, RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import type { Task } from '../../../api/tasks';
import { shortcutLabel } from '../../../app/shortcuts/shortcut-keys';
import { isApple } from '../../../app/shortcuts/shortcuts';
import { taskFields } from '../fields/task-fields';
import type { AttachmentsHandle } from '../sections/attachments-section';
import actionClasses from '../task-action-button.module.css';
import type { FieldName, FieldVisibility } from './field-visibility';
import { useTaskExtras } from './task-extras';
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
  const extras = useTaskExtras();
  // A field's button shows it, except where the field is something to do rather than a value.
  const fieldActions: Partial<Record<FieldName, () => void>> = {
    attachments: () => attachments.current?.pickFiles(),
  };
  const buttons: ActionButtonProps[] = [
    {
      icon: <IconCheck size={16} />,
      label: task.done ? t('tasks.done.unmark') : t('tasks.done.mark'),
      shortcut: taskShortcuts.done,
      onClick: actions.toggleDone,
      color: task.done ? 'gray' : 'green',
      active: true,
    },
    ...taskFields
      .filter((field) => field.name !== 'attachments' || extras.attachments)
      .map((field) => ({
        icon: <field.icon size={16} />,
        label: t(field.action),
        shortcut: field.shortcut && taskShortcuts[field.shortcut],
        onClick: fieldActions[field.name] ?? (() => reveal(field.name)),
      })),
    { icon: <IconCopy size={16} />, label: t('tasks.actions.duplicate'), onClick: actions.duplicate },
    {
      icon: <IconTemplate size={16} />,
      label: t('templates.save.menu'),
      onClick: () => actions.setSavingTemplate(true),
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

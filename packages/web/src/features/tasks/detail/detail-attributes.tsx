/**
 * The task's attributes (assignees, priority, dates, progress, repeat, reminders, colour, move)
 * in a grid, then its labels; each one only while it has a value or was asked for.
 */
import { Group, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  IconArrowRight,
  IconBell,
  IconCalendar,
  IconCalendarEvent,
  IconFlag,
  IconPalette,
  IconPercentage,
  IconRepeat,
  IconTag,
  IconUsers,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSignedInUser } from '../../auth/use-current-user';
import { AssigneesField } from '../fields/assignees-field';
import { DateField } from '../fields/date-field';
import { DueDateField } from '../fields/due-date-field';
import { LabelsField } from '../fields/labels-field';
import { MoveField } from '../fields/move-field';
import { RemindersField } from '../fields/reminders-field';
import { RepeatField } from '../fields/repeat-field';
import { ColorField, PercentDoneField, PriorityField } from '../fields/simple-fields';
import { dateOf, wireDate } from '../task-dates';
import type { TaskEditor } from '../use-task-editor';
import type { FieldName, FieldVisibility } from './field-visibility';

function Attribute({
  name,
  icon,
  label,
  children,
}: {
  name: FieldName;
  icon: ReactNode;
  label: string;
  children: ReactNode;
}) {
  return (
    <Stack gap={4} data-field={name}>
      <Group gap={6} c="dimmed">
        {icon}
        <Text size="xs" fw={700} tt="uppercase">
          {label}
        </Text>
      </Group>
      {children}
    </Stack>
  );
}

export function DetailAttributes({ editor, fields }: { editor: TaskEditor; fields: FieldVisibility }) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const task = editor.task;
  const canWrite = editor.canWrite;
  const weekStart = user.settings.weekStart;
  const attributes: { name: FieldName; icon: ReactNode; label: string; field: ReactNode }[] = [];
  const add = (name: FieldName, icon: ReactNode, label: string, field: ReactNode) => {
    if (fields.shown(name)) attributes.push({ name, icon, label, field });
  };
  add('assignees', <IconUsers size={14} />, t('tasks.fields.assignees'), <AssigneesField editor={editor} />);
  add('priority', <IconFlag size={14} />, t('tasks.fields.priority'), <PriorityField editor={editor} />);
  add(
    'dueDate',
    <IconCalendarEvent size={14} />,
    t('tasks.fields.dueDate'),
    <DueDateField editor={editor} weekStart={weekStart} />,
  );
  add(
    'startDate',
    <IconCalendar size={14} />,
    t('tasks.fields.startDate'),
    <DateField
      label={t('tasks.fields.startDate')}
      value={dateOf(task.startDate)}
      onChange={(date) => editor.save({ startDate: wireDate(date) })}
      disabled={!canWrite}
      weekStart={weekStart}
    />,
  );
  add(
    'endDate',
    <IconCalendar size={14} />,
    t('tasks.fields.endDate'),
    <DateField
      label={t('tasks.fields.endDate')}
      value={dateOf(task.endDate)}
      onChange={(date) => editor.save({ endDate: wireDate(date) })}
      disabled={!canWrite}
      weekStart={weekStart}
    />,
  );
  add(
    'percentDone',
    <IconPercentage size={14} />,
    t('tasks.fields.percentDone'),
    <PercentDoneField editor={editor} />,
  );
  add('repeat', <IconRepeat size={14} />, t('tasks.fields.repeat'), <RepeatField editor={editor} />);
  add(
    'reminders',
    <IconBell size={14} />,
    t('tasks.fields.reminders'),
    <RemindersField editor={editor} weekStart={weekStart} />,
  );
  add('color', <IconPalette size={14} />, t('tasks.fields.color'), <ColorField editor={editor} />);
  add('move', <IconArrowRight size={14} />, t('tasks.move.label'), <MoveField editor={editor} />);

  return (
    <>
      {attributes.length > 0 && (
        <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="lg" verticalSpacing="md">
          {attributes.map((a) => (
            <Attribute key={a.name} name={a.name} icon={a.icon} label={a.label}>
              {a.field}
            </Attribute>
          ))}
        </SimpleGrid>
      )}
      {fields.shown('labels') && (
        <Attribute name="labels" icon={<IconTag size={14} />} label={t('tasks.fields.labels')}>
          <LabelsField editor={editor} />
        </Attribute>
      )}
    </>
  );
}

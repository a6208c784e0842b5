/**
 * The reminders editor (spec 2 §3): absolute reminders (a date and time, with the default hours
 * 9, 12, 15, 18 and 21 one click away) and relative ones (an amount before or after the due,
 * start or end date). The whole list is saved with the task.
 */
import {
  Button,
  Chip,
  Group,
  NumberInput,
  Popover,
  SegmentedControl,
  Select,
  Stack,
  Text,
} from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import '../../../ui/calendar-styles';
import { secondsToPeriod, ZERO_DATE } from '@ordo/core';
import { IconBell, IconPlus } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type RelativeTo, type Reminder, remindersOf } from '../../../api/tasks';
import { dayjsLocaleOf } from '../../../i18n/languages';
import { reminderDefaultHours } from '../quick-dates';
import { dateOf, formatDateTime, wireDate } from '../task-dates';
import type { TaskEditor } from '../use-task-editor';
import { RemovableRow } from './removable-row';

const relativeUnits = { minutes: 60, hours: 3600, days: 86_400, weeks: 604_800 } as const;
type RelativeUnit = keyof typeof relativeUnits;

export function ReminderText({ reminder }: { reminder: Reminder }) {
  const { t, i18n } = useTranslation();
  if (reminder.relativeTo) {
    const { amount, unit } = secondsToPeriod(Math.abs(reminder.relativePeriod));
    const when = reminder.relativePeriod < 0 ? 'before' : 'after';
    return (
      <>
        {t(`tasks.reminders.relative.${when}`, {
          amount: t(`tasks.reminders.periods.${unit}`, { count: amount }),
          date: t(`tasks.reminders.relativeTo.${reminder.relativeTo}`),
        })}
      </>
    );
  }
  const date = dateOf(reminder.reminder);
  return <>{date ? formatDateTime(date, i18n.language) : ''}</>;
}

function AddReminder({ onAdd, weekStart }: { onAdd: (reminder: Reminder) => void; weekStart: number }) {
  const { t, i18n } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [kind, setKind] = useState<'absolute' | 'relative'>('absolute');
  const [day, setDay] = useState<string | null>(dayjs().add(1, 'day').format('YYYY-MM-DD'));
  const [hour, setHour] = useState<string>('9');
  const [amount, setAmount] = useState<number | string>(1);
  const [unit, setUnit] = useState<RelativeUnit>('days');
  const [direction, setDirection] = useState<'before' | 'after'>('before');
  const [relativeTo, setRelativeTo] = useState<RelativeTo>('due_date');

  function add() {
    if (kind === 'absolute') {
      if (!day) return;
      const date = dayjs(day).hour(Number(hour)).minute(0).second(0).millisecond(0).toDate();
      onAdd({ reminder: wireDate(date), relativePeriod: 0, relativeTo: '' });
    } else {
      const n = Math.max(0, Number(amount) || 0);
      const seconds = n * relativeUnits[unit] * (direction === 'before' ? -1 : 1);
      onAdd({ reminder: ZERO_DATE, relativePeriod: seconds, relativeTo });
    }
    setOpened(false);
  }

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" shadow="md" trapFocus>
      <Popover.Target>
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={() => setOpened((o) => !o)}
          data-task-focus="click"
        >
          {t('tasks.reminders.add')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown p="sm" maw="calc(100vw - 16px)">
        <Stack gap="sm" maw={320}>
          <SegmentedControl
            size="xs"
            value={kind}
            onChange={(value) => setKind(value as 'absolute' | 'relative')}
            data={[
              { value: 'absolute', label: t('tasks.reminders.absolute') },
              { value: 'relative', label: t('tasks.reminders.relativeLabel') },
            ]}
          />
          {kind === 'absolute' ? (
            <Stack gap="xs">
              <DatePicker
                value={day}
                onChange={setDay}
                size="sm"
                locale={dayjsLocaleOf(i18n.language)}
                firstDayOfWeek={weekStart as 0 | 1 | 2 | 3 | 4 | 5 | 6}
              />
              <Chip.Group value={hour} onChange={(value) => setHour(value as string)}>
                <Group gap={4} aria-label={t('tasks.dates.time')} role="radiogroup">
                  {reminderDefaultHours.map((h) => (
                    <Chip key={h} value={String(h)} size="xs">
                      {`${String(h).padStart(2, '0')}:00`}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
            </Stack>
          ) : (
            <Stack gap="xs">
              <Group gap="xs" wrap="nowrap">
                <NumberInput
                  aria-label={t('tasks.reminders.amount')}
                  value={amount}
                  onChange={setAmount}
                  min={0}
                  allowDecimal={false}
                  w={80}
                />
                <Select
                  aria-label={t('tasks.reminders.unit')}
                  value={unit}
                  onChange={(value) => value && setUnit(value as RelativeUnit)}
                  allowDeselect={false}
                  data={(Object.keys(relativeUnits) as RelativeUnit[]).map((u) => ({
                    value: u,
                    label: t(`tasks.reminders.units.${u}`),
                  }))}
                  comboboxProps={{ withinPortal: false }}
                />
              </Group>
              <Select
                aria-label={t('tasks.reminders.direction')}
                value={direction}
                onChange={(value) => value && setDirection(value as 'before' | 'after')}
                allowDeselect={false}
                data={[
                  { value: 'before', label: t('tasks.reminders.before') },
                  { value: 'after', label: t('tasks.reminders.after') },
                ]}
                comboboxProps={{ withinPortal: false }}
              />
              <Select
                aria-label={t('tasks.reminders.relativeToLabel')}
                value={relativeTo}
                onChange={(value) => value && setRelativeTo(value as RelativeTo)}
                allowDeselect={false}
                data={(['due_date', 'start_date', 'end_date'] as const).map((r) => ({
                  value: r,
                  label: t(`tasks.reminders.relativeTo.${r}`),
                }))}
                comboboxProps={{ withinPortal: false }}
              />
            </Stack>
          )}
          <Group justify="flex-end">
            <Button size="compact-sm" onClick={add}>
              {t('tasks.reminders.confirm')}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

export function RemindersField({ editor, weekStart }: { editor: TaskEditor; weekStart: number }) {
  const { t } = useTranslation();
  const reminders = remindersOf(editor.task);
  return (
    <Stack gap={6} data-removable-list>
      {reminders.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('tasks.reminders.none')}
        </Text>
      )}
      {reminders.map((reminder, index) => (
        <RemovableRow
          key={`${reminder.reminder}-${reminder.relativeTo}-${reminder.relativePeriod}`}
          gap={6}
          mark={<IconBell size={14} />}
          testId="reminder"
          removeLabel={t('tasks.reminders.remove')}
          onRemove={
            editor.canWrite
              ? () => editor.save({ reminders: reminders.filter((_, i) => i !== index) })
              : undefined
          }
        >
          <ReminderText reminder={reminder} />
        </RemovableRow>
      ))}
      {editor.canWrite && (
        <AddReminder
          weekStart={weekStart}
          onAdd={(reminder) => editor.save({ reminders: [...reminders, reminder] })}
        />
      )}
    </Stack>
  );
}

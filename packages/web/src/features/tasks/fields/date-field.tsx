/**
 * A date and time field with the quick choices of spec 2 §9 (today, tomorrow, next Monday, this
 * weekend, later this week, next week). A quick choice or Clear saves at once; a picked day and
 * time save on Confirm or when the picker closes, only if they changed.
 */
import '../../../ui/calendar-styles';
import { Button, Divider, Group, Popover, Stack, Text } from '@mantine/core';
import { DatePicker, TimeInput } from '@mantine/dates';
import { defaultHour } from '@ordo/core';
import { IconCalendar } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dayjsLocaleOf } from '../../../i18n/languages';
import { type QuickChoice, quickChoiceDate, quickChoices } from '../quick-dates';
import { formatDateTime, formatRelative, sameInstant } from '../task-dates';

function withDay(day: string, time: Date | null): Date {
  const [year, month, date] = day.split(/[- ]/).map(Number);
  const result = time ? new Date(time) : new Date();
  result.setFullYear(year, month - 1, date);
  if (!time) result.setHours(defaultHour(new Date()), 0, 0, 0);
  return result;
}

function withTime(date: Date, time: string): Date {
  const [hours, minutes] = time.split(':').map(Number);
  const result = new Date(date);
  if (Number.isFinite(hours) && Number.isFinite(minutes)) result.setHours(hours, minutes, 0, 0);
  return result;
}

export function DateField({
  value,
  onChange,
  disabled = false,
  overdueColor = false,
  weekStart = 1,
  label,
}: {
  value: Date | null;
  onChange: (date: Date | null) => void;
  disabled?: boolean;
  /** Show a past date in red (due dates of open tasks). */
  overdueColor?: boolean;
  weekStart?: number;
  label: string;
}) {
  const { t, i18n } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [draft, setDraft] = useState<Date | null>(value);
  useEffect(() => {
    if (!opened) setDraft(value);
  }, [value, opened]);

  function close() {
    setOpened(false);
    if (!sameInstant(draft, value)) onChange(draft);
  }

  function choose(date: Date | null) {
    setOpened(false);
    setDraft(date);
    if (!sameInstant(date, value)) onChange(date);
  }

  const now = new Date();
  const overdue = overdueColor && value !== null && value.getTime() < now.getTime();
  return (
    <Popover
      opened={opened}
      onChange={(next) => (next ? setOpened(true) : close())}
      position="bottom-start"
      shadow="md"
      trapFocus
      returnFocus
      disabled={disabled}
    >
      <Popover.Target>
        <Button
          variant="default"
          justify="flex-start"
          fullWidth
          leftSection={<IconCalendar size={16} />}
          onClick={() => (opened ? close() : setOpened(true))}
          disabled={disabled}
          aria-label={value ? `${label}: ${formatDateTime(value, i18n.language)}` : label}
          data-task-focus="click"
          c={overdue ? 'red' : undefined}
          // A long date and time (German, Japanese, a narrow column) wraps onto a second line rather
          // than losing the time to an ellipsis.
          h="auto"
          mih="var(--button-height)"
          py={6}
          styles={{ label: { whiteSpace: 'normal', textAlign: 'start', lineHeight: 1.3 } }}
        >
          {value ? (
            <span title={formatRelative(value, now, i18n.language)}>
              {formatDateTime(value, i18n.language)}
            </span>
          ) : (
            <Text span c="dimmed" size="sm">
              {t('tasks.dates.none')}
            </Text>
          )}
        </Button>
      </Popover.Target>
      <Popover.Dropdown p="sm" maw="calc(100vw - 16px)">
        <Stack gap="sm">
          <Group align="flex-start" gap="md" wrap="wrap">
            <Stack gap={2} miw={170}>
              {quickChoices.map((choice: QuickChoice) => {
                const date = quickChoiceDate(choice, now);
                return (
                  <Button
                    key={choice}
                    variant="subtle"
                    size="compact-sm"
                    justify="space-between"
                    fullWidth
                    onClick={() => choose(date)}
                    rightSection={
                      <Text span size="xs" c="dimmed">
                        {new Intl.DateTimeFormat(i18n.language, { weekday: 'short' }).format(date)}
                      </Text>
                    }
                  >
                    {t(`tasks.dates.quick.${choice}`)}
                  </Button>
                );
              })}
            </Stack>
            <Stack gap="xs">
              <DatePicker
                value={draft ? dayjs(draft).format('YYYY-MM-DD') : null}
                onChange={(day) => day && setDraft(withDay(day, draft))}
                locale={dayjsLocaleOf(i18n.language)}
                firstDayOfWeek={weekStart as 0 | 1 | 2 | 3 | 4 | 5 | 6}
                size="sm"
              />
              <TimeInput
                aria-label={t('tasks.dates.time')}
                value={draft ? dayjs(draft).format('HH:mm') : ''}
                onChange={(event) => {
                  const time = event.currentTarget.value;
                  if (time) setDraft(withTime(draft ?? withDay(dayjs(now).format('YYYY-MM-DD'), null), time));
                }}
                size="sm"
              />
            </Stack>
          </Group>
          <Divider />
          <Group justify="space-between">
            <Button
              variant="subtle"
              color="red"
              size="compact-sm"
              onClick={() => choose(null)}
              disabled={!value && !draft}
            >
              {t('tasks.dates.clear')}
            </Button>
            <Button size="compact-sm" onClick={close}>
              {t('tasks.dates.confirm')}
            </Button>
          </Group>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

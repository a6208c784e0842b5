/**
 * The range picker (behaviour.md §3.4): the 13 presets as date math pairs, or a custom from/to
 * typed as date math or a date, or picked on a calendar (fed only with real dates), and the date
 * math help. A preset applies at once; "Custom" clears both sides and applies once both are set.
 */
import '../../ui/calendar-styles';
import { Anchor, Button, Divider, Group, Popover, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { type DateRangePresetName, dateRangePresets, matchDateRangePreset } from '@ordo/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dayjsLocaleOf } from '../../i18n/languages';
import { Modal } from '../../ui/modal';
import { DateMathHelp } from '../filters/date-math-help';
import { formatRangeSide } from './upcoming-params';

/** The picker's presets, in the order of spec 2 §2. */
export const pickerPresets: DateRangePresetName[] = [
  'today',
  'lastWeek',
  'thisWeek',
  'restOfThisWeek',
  'nextWeek',
  'next7Days',
  'lastMonth',
  'thisMonth',
  'restOfThisMonth',
  'nextMonth',
  'next30Days',
  'thisYear',
  'restOfThisYear',
];

const plainDate = /^\d{4}-\d{2}-\d{2}$/;

export function DateRangePicker({
  from,
  to,
  onChange,
}: {
  from: string;
  to: string;
  onChange: (range: { from: string; to: string }) => void;
}) {
  const { t, i18n } = useTranslation();
  const [opened, setOpened] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const [custom, setCustom] = useState<{ from: string; to: string } | null>(null);
  const preset = matchDateRangePreset(from, to);
  const draft = custom ?? { from, to };

  const label =
    !from || !to
      ? t('upcoming.picker.select')
      : preset
        ? t(`upcoming.range.${preset}`)
        : t('upcoming.picker.fromTo', {
            from: formatRangeSide(from, i18n.language),
            to: formatRangeSide(to, i18n.language),
          });

  function choose(range: { from: string; to: string }) {
    setCustom(null);
    setOpened(false);
    onChange(range);
  }

  const calendarValue: [string | null, string | null] = [
    plainDate.test(draft.from) ? draft.from : null,
    plainDate.test(draft.to) ? draft.to : null,
  ];

  return (
    <>
      <Popover opened={opened} onChange={setOpened} position="bottom-start" shadow="md" withinPortal>
        <Popover.Target>
          <Button
            variant="default"
            leftSection={<IconCalendarEvent size={16} />}
            onClick={() => setOpened((o) => !o)}
            aria-haspopup="dialog"
            aria-expanded={opened}
          >
            {label}
          </Button>
        </Popover.Target>
        <Popover.Dropdown p={0} maw="calc(100vw - 24px)">
          <Group align="stretch" gap={0} wrap="wrap" role="dialog" aria-label={t('upcoming.picker.title')}>
            <ScrollArea.Autosize mah={{ base: 220, xs: 420 }} type="auto" w={{ base: '100%', xs: 'auto' }}>
              <Stack gap={2} p="xs" miw={180}>
                {pickerPresets.map((name) => (
                  <Button
                    key={name}
                    variant={custom === null && preset === name ? 'light' : 'subtle'}
                    color={custom === null && preset === name ? undefined : 'gray'}
                    justify="flex-start"
                    size="compact-sm"
                    aria-pressed={custom === null && preset === name}
                    onClick={() => choose(dateRangePresets[name])}
                  >
                    {t(`upcoming.range.${name}`)}
                  </Button>
                ))}
                <Button
                  variant={custom !== null || !preset ? 'light' : 'subtle'}
                  color={custom !== null || !preset ? undefined : 'gray'}
                  justify="flex-start"
                  size="compact-sm"
                  aria-pressed={custom !== null || !preset}
                  onClick={() => setCustom({ from: '', to: '' })}
                >
                  {t('upcoming.picker.custom')}
                </Button>
              </Stack>
            </ScrollArea.Autosize>
            <Divider orientation="vertical" visibleFrom="xs" />
            <Stack gap="xs" p="sm" w={{ base: '100%', xs: 290 }}>
              <TextInput
                label={t('upcoming.picker.from')}
                value={draft.from}
                placeholder="now/d"
                ff="monospace"
                onChange={(event) => setCustom({ ...draft, from: event.currentTarget.value })}
              />
              <TextInput
                label={t('upcoming.picker.to')}
                value={draft.to}
                placeholder="now/d+7d"
                ff="monospace"
                onChange={(event) => setCustom({ ...draft, to: event.currentTarget.value })}
              />
              <DatePicker
                type="range"
                size="xs"
                locale={dayjsLocaleOf(i18n.language)}
                value={calendarValue}
                onChange={([start, end]) => setCustom({ from: start ?? '', to: end ?? '' })}
                aria-label={t('upcoming.picker.calendar')}
              />
              <Group justify="space-between" gap="xs">
                <Anchor component="button" type="button" size="xs" onClick={() => setHelpOpen(true)}>
                  {t('filters.dateMath.open')}
                </Anchor>
                <Button
                  size="compact-sm"
                  disabled={!draft.from.trim() || !draft.to.trim()}
                  onClick={() => choose({ from: draft.from.trim(), to: draft.to.trim() })}
                >
                  {t('upcoming.picker.apply')}
                </Button>
              </Group>
              {!draft.from.trim() || !draft.to.trim() ? (
                <Text size="xs" c="dimmed">
                  {t('upcoming.picker.customHint')}
                </Text>
              ) : null}
            </Stack>
          </Group>
        </Popover.Dropdown>
      </Popover>
      <Modal
        opened={helpOpen}
        onClose={() => setHelpOpen(false)}
        title={t('filters.dateMath.title')}
        size="lg"
      >
        <DateMathHelp withTitle={false} />
      </Modal>
    </>
  );
}

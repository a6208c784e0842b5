/**
 * The calendar's controls: previous, today and next (a month, week or day at a time), what is
 * shown as a heading, and the month / week / day switch.
 */
import { ActionIcon, Button, Group, SegmentedControl, Tooltip, useDirection } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './calendar.module.css';
import { type CalendarGrid, type CalendarMode, shiftAnchor } from './calendar-grid';

function heading(mode: CalendarMode, anchor: Date, grid: CalendarGrid, language: string): string {
  if (mode === 'month')
    return new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric' }).format(anchor);
  if (mode === 'day') return new Intl.DateTimeFormat(language, { dateStyle: 'full' }).format(anchor);
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).formatRange(grid.from, grid.to);
}

export function CalendarToolbar({
  mode,
  anchor,
  grid,
  onMode,
  onAnchor,
}: {
  mode: CalendarMode;
  anchor: Date;
  grid: CalendarGrid;
  onMode: (mode: CalendarMode) => void;
  onAnchor: (anchor: Date) => void;
}) {
  const { t, i18n } = useTranslation();
  const { dir } = useDirection();
  const [Back, Forward] =
    dir === 'rtl' ? [IconChevronRight, IconChevronLeft] : [IconChevronLeft, IconChevronRight];
  const previous = t(`projectViews.calendar.previous.${mode}`);
  const next = t(`projectViews.calendar.next.${mode}`);
  return (
    <Group gap="sm" wrap="wrap">
      <Group gap={4} wrap="nowrap">
        <Tooltip label={previous}>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={previous}
            onClick={() => onAnchor(shiftAnchor(mode, anchor, -1))}
          >
            <Back size={18} />
          </ActionIcon>
        </Tooltip>
        <Button variant="default" onClick={() => onAnchor(new Date())}>
          {t('projectViews.calendar.today')}
        </Button>
        <Tooltip label={next}>
          <ActionIcon
            variant="default"
            size="lg"
            aria-label={next}
            onClick={() => onAnchor(shiftAnchor(mode, anchor, 1))}
          >
            <Forward size={18} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <h2 className={classes.title} aria-live="polite">
        {heading(mode, anchor, grid, i18n.language)}
      </h2>
      <SegmentedControl
        value={mode}
        onChange={(value) => onMode(value as CalendarMode)}
        aria-label={t('projectViews.calendar.mode')}
        data={[
          { value: 'month', label: t('projectViews.calendar.month') },
          { value: 'week', label: t('projectViews.calendar.week') },
          { value: 'day', label: t('projectViews.calendar.day') },
        ]}
      />
    </Group>
  );
}

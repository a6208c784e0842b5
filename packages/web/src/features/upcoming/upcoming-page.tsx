/**
 * The upcoming screen (spec 2 §2 "Upcoming tasks screen", `tasks.range`): the heading names the
 * range (a preset, from–until, or the current tasks), the range picker, the checkboxes for tasks
 * without dates and overdue tasks, and the tasks with their projects. Everything is in the URL.
 */
import { Checkbox, Group, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { DateRangePicker } from './date-range-picker';
import { TaskRangeList } from './task-range-list';
import {
  DEFAULT_UPCOMING,
  formatRangeSide,
  hasRange,
  readUpcomingParams,
  type UpcomingParams,
  upcomingHeading,
  upcomingSearch,
} from './upcoming-params';
import { useOverviewFilterProject } from './use-overview-filter';

export function UpcomingPage() {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const params = readUpcomingParams(search);
  const overviewFilter = useOverviewFilterProject();
  if (!params) return <Navigate to={`/tasks/by/upcoming?${upcomingSearch(DEFAULT_UPCOMING)}`} replace />;

  const heading = upcomingHeading(params);
  const title =
    heading.kind === 'preset'
      ? t(`upcoming.range.${heading.preset}`)
      : heading.kind === 'range'
        ? t('upcoming.fromUntil', {
            from: formatRangeSide(heading.from, i18n.language),
            until: formatRangeSide(heading.to, i18n.language),
          })
        : t('upcoming.current');
  const update = (patch: Partial<UpcomingParams>) => setSearch(upcomingSearch({ ...params, ...patch }));
  const ranged = hasRange(params);

  return (
    <Stack gap="md">
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        {title}
      </Title>
      <Group gap="md" align="center">
        <DateRangePicker from={params.from} to={params.to} onChange={(range) => update(range)} />
        {ranged && (
          <>
            <Checkbox
              label={t('upcoming.showNulls')}
              checked={params.showNulls}
              onChange={(event) => update({ showNulls: event.currentTarget.checked })}
            />
            <Checkbox
              label={t('upcoming.showOverdue')}
              checked={params.showOverdue}
              onChange={(event) => update({ showOverdue: event.currentTarget.checked })}
            />
          </>
        )}
      </Group>
      <TaskRangeList label={title} range={{ ...params, sourceProjectId: ranged ? null : overviewFilter }} />
    </Stack>
  );
}

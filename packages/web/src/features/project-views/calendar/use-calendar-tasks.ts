/**
 * The calendar's tasks: those on the shown days (all pages of the range query) and the view's
 * tasks without dates for the sidebar. New dates from a drag show at once and are saved as a full
 * task update; a refused save puts the old dates back and shows the error notice.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../../api/query-keys';
import type { Task } from '../../../api/tasks';
import { saveTask } from '../../../api/tasks';
import { showError } from '../../../ui/notices';
import { fetchAllViewTasks } from '../fetch-all-view-tasks';
import { type DatesChange, isUnscheduled } from './calendar-placement';
import { type CalendarUserFilter, calendarRangeQuery, unscheduledQuery } from './calendar-query';

interface Snapshot {
  shown: Task[] | undefined;
  unscheduled: Task[] | undefined;
}

export function useCalendarTasks(
  projectId: number,
  viewId: number,
  from: Date,
  to: Date,
  filter: CalendarUserFilter,
) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const base = [...queryKeys.viewTasks(projectId, viewId), 'calendar'];
  const shownKey = [...base, from.getTime(), to.getTime(), filter];
  const unscheduledKey = [...base, 'unscheduled', filter];

  const shown = useQuery({
    queryKey: shownKey,
    queryFn: () => fetchAllViewTasks(projectId, viewId, calendarRangeQuery(from, to, filter)),
    placeholderData: (previous) => previous,
  });
  const unscheduled = useQuery({
    queryKey: unscheduledKey,
    queryFn: () => fetchAllViewTasks(projectId, viewId, unscheduledQuery(filter)),
    placeholderData: (previous) => previous,
  });

  const setDates = useMutation<Task, Error, { task: Task; change: DatesChange }, Snapshot>({
    onMutate: async ({ task, change }) => {
      await client.cancelQueries({ queryKey: base });
      const snapshot = {
        shown: client.getQueryData<Task[]>(shownKey),
        unscheduled: client.getQueryData<Task[]>(unscheduledKey),
      };
      const next = { ...task, ...change };
      client.setQueryData<Task[]>(shownKey, (tasks = []) =>
        tasks.some((x) => x.id === task.id)
          ? tasks.map((x) => (x.id === task.id ? next : x))
          : [...tasks, next],
      );
      if (!isUnscheduled(next))
        client.setQueryData<Task[]>(unscheduledKey, (tasks) => tasks?.filter((x) => x.id !== task.id));
      return snapshot;
    },
    mutationFn: ({ task, change }) => saveTask({ ...task, ...change }, task),
    onError: (error, _vars, snapshot) => {
      if (snapshot) {
        client.setQueryData(shownKey, snapshot.shown);
        client.setQueryData(unscheduledKey, snapshot.unscheduled);
      }
      showError(t, error);
    },
    // Other views, the task detail and this calendar read the dates again.
    onSettled: () => client.invalidateQueries({ queryKey: queryKeys.tasks }),
  });

  return { shown, unscheduled, setDates: setDates.mutate };
}

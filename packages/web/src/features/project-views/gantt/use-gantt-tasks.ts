/**
 * The gantt view's tasks: every task of the view whose dates overlap the shown range (all pages),
 * narrowed by the user's filter, plus, when asked for, the tasks missing a start or end date. A bar's new dates show at once and
 * are saved as a full task update; a refused save puts the old dates back with the error notice.
 */
import { toIsoSeconds } from '@ordo/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../../api/query-keys';
import { saveTask, type Task } from '../../../api/tasks';
import { showError } from '../../../ui/notices';
import { fetchAllViewTasks } from '../fetch-all-view-tasks';
import { type GanttUserFilter, ganttQuery } from './gantt-query';
import type { DateSpan, DayRange } from './gantt-scale';

export function useGanttTasks(
  projectId: number,
  viewId: number,
  range: DayRange,
  withDateless: boolean,
  filter: GanttUserFilter = {},
) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const key = [
    ...queryKeys.viewTasks(projectId, viewId),
    'gantt',
    range.from.getTime(),
    range.to.getTime(),
    withDateless,
    filter,
  ];
  const query = useQuery({
    queryKey: key,
    queryFn: () => fetchAllViewTasks(projectId, viewId, ganttQuery(range, withDateless, filter)),
    placeholderData: (previous) => previous,
  });

  const setDates = useMutation<Task, Error, { task: Task; span: DateSpan }, { previous: Task[] | undefined }>(
    {
      onMutate: async ({ task, span }) => {
        await client.cancelQueries({ queryKey: key, exact: true });
        const previous = client.getQueryData<Task[]>(key);
        const dates = { startDate: toIsoSeconds(span.start), endDate: toIsoSeconds(span.end) };
        client.setQueryData<Task[]>(key, (tasks) =>
          tasks?.map((x) => (x.id === task.id ? { ...x, ...dates } : x)),
        );
        return { previous };
      },
      mutationFn: ({ task, span }) =>
        saveTask({ ...task, startDate: toIsoSeconds(span.start), endDate: toIsoSeconds(span.end) }, task),
      onSuccess: (saved) => {
        client.setQueryData<Task[]>(key, (tasks) =>
          tasks?.map((x) => (x.id === saved.id ? { ...x, ...saved } : x)),
        );
      },
      onError: (error, _vars, context) => {
        if (context?.previous) client.setQueryData(key, context.previous);
        showError(t, error);
      },
      onSettled: () => {
        // Other views and the task detail read the dates again; this chart already shows them.
        const own = JSON.stringify(key);
        void client.invalidateQueries({
          queryKey: queryKeys.tasks,
          predicate: (q) => JSON.stringify(q.queryKey) !== own,
        });
      },
    },
  );

  return { query, setDates: setDates.mutate };
}

/**
 * The list view (spec 2 §2, §4): the view's tasks from the server, page by page as the user
 * scrolls, in a virtualised list (virtual-task-list.tsx), subtasks under their parent. Ctrl/Cmd+click
 * marks done. Top-level tasks are reordered by dragging
 * their handle, except in search results (ranked, not in the view's order). Tasks picked with
 * their selection box (Shift for a run) change together from the bulk bar.
 */
import { Alert, Center, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../i18n/error-text';
import { DelayedLoader } from '../../../ui/delayed-loader';
import { useSlicedArrival } from '../../../ui/use-sliced-arrival';
import { useSignedInUser } from '../../auth/use-current-user';
import { isFilterError } from '../../filters/filter-error';
import { TaskFilterBar } from '../../filters/task-filter-bar';
import { taskFilterQuery, useUrlTaskFilter } from '../../filters/use-url-task-filter';
import { SelectionBulkBar } from '../selection/selection-bulk-bar';
import { useTaskSelection } from '../selection/use-task-selection';
import { flattenTaskTree } from '../task-tree';
import { useNow } from '../use-now';
import { useTaskDone } from '../use-task-done';
import type { ProjectViewProps } from '../view-props';
import { ListReorder } from './list-reorder';
import { NewTaskInput } from './new-task-input';
import { useListReorder } from './use-list-reorder';
import { listTasksKey, useListTasks } from './use-list-tasks';
import { VirtualTaskList } from './virtual-task-list';

export function ListView({ project, view, canWrite }: ProjectViewProps) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const minimumPriority = user.settings.frontendSettings.minimumPriority;
  const now = useNow();
  const urlFilter = useUrlTaskFilter().current;
  const filterQuery = taskFilterQuery(urlFilter);
  const query = useListTasks(project.id, view.id, filterQuery);
  const arrived = useSlicedArrival(!query.isPending);
  const reorder = useListReorder(project.id, view.id, listTasksKey(project.id, view.id, filterQuery));
  const toggleDone = useTaskDone(project.id, view.id);
  const rows = useMemo(
    () => flattenTaskTree(query.data?.pages.flatMap((page) => page.tasks) ?? []),
    [query.data],
  );
  const topLevel = useMemo(() => rows.filter((row) => row.depth === 0).map((row) => row.task), [rows]);
  const reorderable = canWrite && !filterQuery.s;
  // A bulk change goes to tasks of one project: not in a saved filter's or favourites' list.
  const bulkEditable = canWrite && project.id > 0;
  const rowTasks = useMemo(() => rows.map((row) => row.task), [rows]);
  const rowIds = useMemo(() => rowTasks.map((task) => task.id), [rowTasks]);
  const selection = useTaskSelection(rowIds);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const loadMore = useCallback(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  let body: React.ReactNode;
  if (query.isPending || !arrived) body = <DelayedLoader label={t('projectViews.loading')} />;
  else if (query.isError)
    body = isFilterError(query.error) ? null : <Alert color="red">{errorText(query.error, t)}</Alert>;
  else if (rows.length === 0)
    body = (
      <Center py={48}>
        <Stack align="center" gap="xs" maw={360}>
          <ThemeIcon size={48} radius="xl" variant="light">
            <IconChecklist size={26} />
          </ThemeIcon>
          <Text fw={600}>{t('projectViews.empty.title')}</Text>
          <Text size="sm" c="dimmed" ta="center">
            {canWrite ? t('projectViews.empty.text') : t('projectViews.empty.readOnly')}
          </Text>
        </Stack>
      </Center>
    );
  else
    body = (
      <VirtualTaskList
        rows={rows}
        reorderable={reorderable}
        canWrite={canWrite}
        minimumPriority={minimumPriority}
        now={now}
        onToggleDone={toggleDone}
        selectableProjectId={bulkEditable ? project.id : null}
        selection={selection}
        loadMore={loadMore}
      />
    );

  return (
    <Stack gap="md">
      {canWrite && project.id > 0 && <NewTaskInput project={project} viewId={view.id} />}
      {bulkEditable && (
        <SelectionBulkBar
          gap="md"
          projectId={project.id}
          viewId={view.id}
          selection={selection}
          tasks={rowTasks}
        />
      )}
      <TaskFilterBar error={query.error} allowProject={project.id < -1} />
      {reorderable ? (
        <ListReorder tasks={topLevel} onMove={(taskId, toIndex) => void reorder(topLevel, taskId, toIndex)}>
          {body}
        </ListReorder>
      ) : (
        body
      )}
      {isFetchingNextPage && (
        <Center>
          <Loader size="sm" aria-label={t('projectViews.loadingMore')} />
        </Center>
      )}
    </Stack>
  );
}

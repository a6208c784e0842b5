/**
 * The list view (spec 2 §2, §4): the view's tasks from the server, page by page as the user
 * scrolls, in a virtualised list (smooth with 10,000 tasks), subtasks under their parent. Keys:
 * j / k move, Enter opens; Ctrl/Cmd+click marks done. Top-level tasks are reordered by dragging
 * their handle, except in search results (ranked, not in the view's order). Tasks picked with
 * their selection box (Shift for a run, x for the focused one) change together from the bulk bar.
 */
import { Alert, Center, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listShortcuts } from '../../../app/shortcuts/shortcut-catalogue';
import { useShortcut } from '../../../app/shortcuts/shortcuts';
import { errorText } from '../../../i18n/error-text';
import { DelayedLoader } from '../../../ui/delayed-loader';
import { useSignedInUser } from '../../auth/use-current-user';
import { isFilterError } from '../../filters/filter-error';
import { TaskFilterBar } from '../../filters/task-filter-bar';
import { taskFilterQuery, useUrlTaskFilter } from '../../filters/use-url-task-filter';
import { SelectionBulkBar } from '../selection/selection-bulk-bar';
import { useTaskSelection } from '../selection/use-task-selection';
import { flattenTaskTree } from '../task-tree';
import { useNow } from '../use-now';
import { useOpenTask } from '../use-open-task';
import { useTaskDone } from '../use-task-done';
import type { ProjectViewProps } from '../view-props';
import { ListReorder } from './list-reorder';
import classes from './list-view.module.css';
import { NewTaskInput } from './new-task-input';
import { SortableTaskRow } from './sortable-task-row';
import { TaskListRow } from './task-list-row';
import { useListReorder } from './use-list-reorder';
import { listTasksKey, useListTasks } from './use-list-tasks';

export function ListView({ project, view, canWrite }: ProjectViewProps) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const minimumPriority = user.settings.frontendSettings.minimumPriority;
  const now = useNow();
  const urlFilter = useUrlTaskFilter().current;
  const filterQuery = taskFilterQuery(urlFilter);
  const query = useListTasks(project.id, view.id, filterQuery);
  const reorder = useListReorder(project.id, view.id, listTasksKey(project.id, view.id, filterQuery));
  const toggleDone = useTaskDone(project.id, view.id);
  const openTask = useOpenTask();
  const rows = useMemo(
    () => flattenTaskTree(query.data?.pages.flatMap((page) => page.tasks) ?? []),
    [query.data],
  );
  const topLevel = useMemo(() => rows.filter((row) => row.depth === 0).map((row) => row.task), [rows]);
  const reorderable = canWrite && !filterQuery.s;
  const [focused, setFocused] = useState(-1);
  // A bulk change goes to tasks of one project: not in a saved filter's or favourites' list.
  const bulkEditable = canWrite && project.id > 0;
  const rowTasks = useMemo(() => rows.map((row) => row.task), [rows]);
  const rowIds = useMemo(() => rowTasks.map((task) => task.id), [rowTasks]);
  const selection = useTaskSelection(rowIds);

  const listRef = useRef<HTMLDivElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the list's offset is measured again once it has loaded
  useLayoutEffect(() => {
    setScrollMargin(listRef.current ? listRef.current.getBoundingClientRect().top + window.scrollY : 0);
  }, [query.isSuccess]);
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => 46,
    overscan: 8,
    scrollMargin,
    getItemKey: (index) => rows[index]?.task.id ?? index,
  });
  const items = virtualizer.getVirtualItems();

  // Load the next page before the user reaches the end.
  const lastIndex = items.at(-1)?.index ?? 0;
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && lastIndex >= rows.length - 15) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, lastIndex, rows.length]);

  function moveFocus(step: number) {
    if (rows.length === 0) return;
    const next = Math.min(rows.length - 1, Math.max(0, focused + step));
    setFocused(next);
    virtualizer.scrollToIndex(next, { align: 'auto' });
    requestAnimationFrame(() =>
      listRef.current
        ?.querySelector<HTMLElement>(`[data-index="${next}"] [data-task-link]`)
        ?.focus({ preventScroll: true }),
    );
  }
  useShortcut(listShortcuts.down, () => moveFocus(1));
  useShortcut(listShortcuts.up, () => moveFocus(-1));
  useShortcut(listShortcuts.select, () => {
    const row = rows[focused];
    if (row && bulkEditable) selection.toggle(row.task.id);
  });
  useShortcut(listShortcuts.open, () => {
    const row = rows[focused];
    if (row) openTask(row.task.id);
  });

  let body: React.ReactNode;
  if (query.isPending) body = <DelayedLoader label={t('projectViews.loading')} />;
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
      // biome-ignore lint/a11y/useSemanticElements: virtualised rows are absolutely positioned divs, so ul/li cannot be used
      <div
        role="list"
        aria-label={t('projectViews.tasks')}
        className={classes.list}
        style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
      >
        {items.map((item) => {
          const row = rows[item.index];
          const Row = reorderable && row.depth === 0 ? SortableTaskRow : TaskListRow;
          return (
            <div
              key={item.key}
              style={{
                position: 'absolute',
                top: 0,
                left: 0,
                width: '100%',
                transform: `translateY(${item.start - scrollMargin}px)`,
              }}
            >
              <Row
                ref={virtualizer.measureElement}
                index={item.index}
                task={row.task}
                depth={row.depth}
                focused={item.index === focused}
                canWrite={canWrite}
                minimumPriority={minimumPriority}
                now={now}
                onToggleDone={toggleDone}
                onOpen={(task) => openTask(task.id)}
                onFocusRow={setFocused}
                selection={
                  // A subtask from another project cannot join a bulk change of this one.
                  bulkEditable && row.task.projectId === project.id
                    ? {
                        selected: selection.isSelected(row.task.id),
                        anySelected: selection.selected.size > 0,
                        toggle: (extend) => selection.toggle(row.task.id, extend),
                      }
                    : undefined
                }
              />
            </div>
          );
        })}
      </div>
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
      <div ref={listRef}>
        {reorderable ? (
          <ListReorder tasks={topLevel} onMove={(taskId, toIndex) => void reorder(topLevel, taskId, toIndex)}>
            {body}
          </ListReorder>
        ) : (
          body
        )}
      </div>
      {isFetchingNextPage && (
        <Center>
          <Loader size="sm" aria-label={t('projectViews.loadingMore')} />
        </Center>
      )}
    </Stack>
  );
}

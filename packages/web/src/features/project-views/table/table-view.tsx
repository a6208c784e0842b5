/**
 * The table view: the view's tasks (its filter applied by the server) in pages, columns chosen by
 * the user and kept per view, headers that sort on the server (`sort_by` / `order_by`), and an
 * extra filter in the filter editor, kept in the URL.
 */
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Divider,
  Group,
  Pagination,
  Popover,
  ScrollArea,
  Stack,
  Table,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { displayName } from '@ordo/core';
import { IconArrowDown, IconArrowUp, IconColumns, IconSelector } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../../api/query-keys';
import { fetchViewTasks, type Task } from '../../../api/tasks';
import { errorText } from '../../../i18n/error-text';
import { DelayedLoader } from '../../../ui/delayed-loader';
import { RowCheckbox } from '../../../ui/row-checkbox';
import { useSignedInUser } from '../../auth/use-current-user';
import { FieldCell } from '../../custom-fields/field-cell';
import { kindIcons } from '../../custom-fields/field-kinds';
import { customFieldsOf, fieldSortKey } from '../../custom-fields/field-values';
import { useCustomFields } from '../../custom-fields/use-custom-fields';
import { isFilterError } from '../../filters/filter-error';
import { useFilterConversion } from '../../filters/filter-lookups';
import { TaskFilterBar } from '../../filters/task-filter-bar';
import { taskFilterQuery, useUrlTaskFilter } from '../../filters/use-url-task-filter';
import { SelectionBulkBar } from '../selection/selection-bulk-bar';
import { useTaskSelection } from '../selection/use-task-selection';
import { formatDateTime, showsPriority, wireDate } from '../task-display';
import { Assignees, DueDate, LabelBadges, PriorityBadge } from '../task-parts';
import { useNow } from '../use-now';
import { useOpenTask } from '../use-open-task';
import { useTaskDone } from '../use-task-done';
import type { ProjectViewProps } from '../view-props';
import {
  type ColumnKey,
  DEFAULT_TABLE_SORT,
  type FieldColumnKey,
  fieldColumnShown,
  nextSort,
  readColumns,
  saveColumns,
  TABLE_COLUMNS,
  type TableSort,
} from './table-columns';

export const TABLE_PAGE_SIZE = 50;

function DateCell({ value }: { value: string }) {
  const { i18n } = useTranslation();
  const date = wireDate(value);
  return date ? <time dateTime={date.toISOString()}>{formatDateTime(date, i18n.language)}</time> : null;
}

export function TableView({ project, view, canWrite }: ProjectViewProps) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const now = useNow();
  const openTask = useOpenTask();
  const toggleDone = useTaskDone(project.id, view.id);
  const [shown, setShown] = useState(() => readColumns(view.id));
  const [chosenSort, setSort] = useState<TableSort>(DEFAULT_TABLE_SORT);
  const fieldsQuery = useCustomFields(project.id);
  const fields = fieldsQuery.data ?? [];
  // A custom field deleted while the table sorts by it: back to the default order.
  const sortGone =
    chosenSort.field.startsWith('field_') &&
    !fieldsQuery.isPending &&
    !fields.some((field) => fieldSortKey(field.id) === chosenSort.field);
  const sort = sortGone ? DEFAULT_TABLE_SORT : chosenSort;
  const [page, setPage] = useState(1);
  const urlFilter = useUrlTaskFilter().current;
  const filter = taskFilterQuery(urlFilter);
  const conversion = useFilterConversion();
  // A new filter starts again at the first page.
  const filterKey = JSON.stringify(filter);
  const [pageOfFilter, setPageOfFilter] = useState(filterKey);
  if (pageOfFilter !== filterKey) {
    setPageOfFilter(filterKey);
    setPage(1);
  }
  const query = useQuery({
    queryKey: [...queryKeys.viewTasks(project.id, view.id), 'table', { page, sort, filter }],
    queryFn: () =>
      fetchViewTasks(project.id, view.id, {
        page,
        perPage: TABLE_PAGE_SIZE,
        sortBy: [sort.field, 'id'],
        orderBy: [sort.order, 'asc'],
        ...filter,
      }),
    placeholderData: keepPreviousData,
  });
  const columns = TABLE_COLUMNS.filter((c) => shown[c.key]);
  const fieldColumns = fields.filter((field) => fieldColumnShown(shown, field.id));
  const columnCount = columns.length + fieldColumns.length;

  function toggleColumn(key: ColumnKey | FieldColumnKey, on: boolean) {
    const next = { ...shown, [key]: on };
    setShown(next);
    saveColumns(view.id, next);
  }

  function cell(task: Task, key: ColumnKey) {
    switch (key) {
      case 'index':
        return (
          <Text size="sm" c="dimmed">
            {task.identifier}
          </Text>
        );
      case 'done':
        return (
          <RowCheckbox
            checked={task.done}
            disabled={!canWrite}
            onChange={(event) => toggleDone(task, event.currentTarget.checked)}
            aria-label={
              task.done
                ? t('projectViews.markUndone', { title: task.title })
                : t('projectViews.markDone', { title: task.title })
            }
          />
        );
      case 'title':
        return (
          <Anchor
            href={`/tasks/${task.id}`}
            size="sm"
            c="var(--mantine-color-text)"
            onClick={(event: React.MouseEvent) => {
              if (event.ctrlKey || event.metaKey || event.shiftKey) return;
              event.preventDefault();
              openTask(task.id);
            }}
          >
            {task.title}
          </Anchor>
        );
      case 'priority':
        return showsPriority(task, user.settings.frontendSettings.minimumPriority) ? (
          <PriorityBadge priority={task.priority} />
        ) : null;
      case 'labels':
        return <LabelBadges labels={task.labels} />;
      case 'assignees':
        return <Assignees users={task.assignees} />;
      case 'dueDate':
        return <DueDate task={task} now={now} />;
      case 'percentDone':
        return `${Math.round(task.percentDone * 100)} %`;
      case 'createdBy':
        return task.createdBy ? displayName(task.createdBy) : null;
      default:
        return <DateCell value={task[key]} />;
    }
  }

  /** A column's header; a sortable one is a button that sorts on the server. */
  function sortableHeader(key: string, label: string, sortField: string | null, end = false) {
    if (!sortField) return <Table.Th key={key}>{label}</Table.Th>;
    const active = sort.field === sortField;
    const Icon = !active ? IconSelector : sort.order === 'asc' ? IconArrowUp : IconArrowDown;
    return (
      <Table.Th
        key={key}
        ta={end ? 'end' : undefined}
        aria-sort={active ? (sort.order === 'asc' ? 'ascending' : 'descending') : 'none'}
      >
        <UnstyledButton
          onClick={() => {
            setPage(1);
            setSort(nextSort(sort, sortField));
          }}
          fw={700}
          fz="sm"
          style={{ display: 'inline-flex', alignItems: 'center', gap: 4, whiteSpace: 'nowrap' }}
        >
          {label}
          <Icon size={14} aria-hidden="true" />
        </UnstyledButton>
      </Table.Th>
    );
  }

  const tasks = query.data?.tasks ?? [];
  const totalPages = query.data?.totalPages ?? 0;
  // Tasks of this project picked for a bulk change (not in a saved filter's table, which spans projects).
  const bulkEditable = canWrite && project.id > 0;
  const pageIds = useMemo(() => tasks.map((task) => task.id), [tasks]);
  const selection = useTaskSelection(pageIds);
  const shiftClick = useRef(false);
  const allPicked = pageIds.length > 0 && pageIds.every((id) => selection.isSelected(id));

  return (
    <Stack gap="sm">
      {bulkEditable && (
        <SelectionBulkBar
          gap="sm"
          projectId={project.id}
          viewId={view.id}
          selection={selection}
          tasks={tasks}
        />
      )}
      <Group justify="space-between" gap="xs" align="flex-start">
        <div style={{ flex: 1, minWidth: 220 }}>
          <TaskFilterBar error={query.error} allowProject={project.id < -1} />
        </div>
        <Popover position="bottom-end" shadow="md" withinPortal>
          <Popover.Target>
            <Button variant="default" leftSection={<IconColumns size={16} />}>
              {t('projectViews.table.columns')}
            </Button>
          </Popover.Target>
          <Popover.Dropdown>
            <Stack gap={6}>
              {TABLE_COLUMNS.map((column) => (
                <Checkbox
                  key={column.key}
                  label={t(`projectViews.table.column.${column.key}`)}
                  checked={shown[column.key]}
                  onChange={(event) => toggleColumn(column.key, event.currentTarget.checked)}
                />
              ))}
              {fields.length > 0 && <Divider label={t('customFields.menu')} labelPosition="left" />}
              {fields.map((field) => {
                const Icon = kindIcons[field.kind];
                return (
                  <Checkbox
                    key={field.id}
                    label={
                      <Group gap={4} wrap="nowrap" component="span">
                        {field.title}
                        <Icon size={14} aria-hidden="true" style={{ opacity: 0.6 }} />
                      </Group>
                    }
                    checked={fieldColumnShown(shown, field.id)}
                    onChange={(event) => toggleColumn(`field_${field.id}`, event.currentTarget.checked)}
                  />
                );
              })}
            </Stack>
          </Popover.Dropdown>
        </Popover>
      </Group>
      {view.filter?.filter && (
        <Text size="xs" c="dimmed">
          {t('projectViews.table.viewFilter')} <code>{conversion.toEditor(view.filter.filter)}</code>
        </Text>
      )}
      {query.isError && !isFilterError(query.error) && <Alert color="red">{errorText(query.error, t)}</Alert>}
      {query.isPending ? (
        <DelayedLoader label={t('projectViews.loading')} />
      ) : (
        <ScrollArea type="auto" offsetScrollbars="x">
          <Table striped highlightOnHover verticalSpacing={6} miw={640} aria-busy={query.isFetching}>
            <Table.Thead>
              <Table.Tr>
                {bulkEditable && (
                  <Table.Th w={36}>
                    <Checkbox
                      size="xs"
                      radius="sm"
                      checked={allPicked}
                      indeterminate={!allPicked && selection.selected.size > 0}
                      onChange={() => (allPicked ? selection.clear() : selection.selectAll())}
                      aria-label={t('projectViews.bulk.selectAll')}
                    />
                  </Table.Th>
                )}
                {columns.map((column) =>
                  sortableHeader(column.key, t(`projectViews.table.column.${column.key}`), column.sortField),
                )}
                {fieldColumns.map((field) =>
                  sortableHeader(
                    `field_${field.id}`,
                    field.title,
                    fieldSortKey(field.id),
                    field.kind === 'number',
                  ),
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {tasks.map((task) => (
                <Table.Tr
                  key={task.id}
                  data-task-id={task.id}
                  data-selected={selection.isSelected(task.id) || undefined}
                  bg={selection.isSelected(task.id) ? 'var(--mantine-primary-color-light)' : undefined}
                >
                  {bulkEditable && (
                    <Table.Td>
                      <RowCheckbox
                        size="xs"
                        checked={selection.isSelected(task.id)}
                        // The click comes before the change: Shift (a run from the last picked) is read there.
                        onClick={(event) => {
                          shiftClick.current = event.shiftKey;
                        }}
                        onChange={() => selection.toggle(task.id, shiftClick.current)}
                        aria-label={t('projectViews.bulk.select', { title: task.title })}
                      />
                    </Table.Td>
                  )}
                  {columns.map((column) => (
                    <Table.Td
                      key={column.key}
                      style={column.key === 'title' ? { minWidth: 220 } : { whiteSpace: 'nowrap' }}
                    >
                      {cell(task, column.key)}
                    </Table.Td>
                  ))}
                  {fieldColumns.map((field) => (
                    <Table.Td key={`field_${field.id}`} style={{ whiteSpace: 'nowrap', maxWidth: 320 }}>
                      <FieldCell field={field} value={customFieldsOf(task)[String(field.id)]} />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
              {tasks.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={columnCount + (bulkEditable ? 1 : 0)}>
                    <Text c="dimmed" ta="center" py="lg" size="sm">
                      {filter.filter || filter.s
                        ? t('projectViews.table.noMatches')
                        : t('projectViews.empty.title')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </ScrollArea>
      )}
      {totalPages > 1 && (
        <Group justify="center">
          <Pagination
            total={totalPages}
            value={page}
            onChange={setPage}
            getControlProps={(control) => ({ 'aria-label': t(`projectViews.table.page.${control}`) })}
          />
        </Group>
      )}
    </Stack>
  );
}

/**
 * The task list repository's snapshot calls: one per plan (see modules/tasks/list-plan.ts), so
 * that each way of reading a list shows its SQL for both databases.
 */
import { assigneesFilter } from '../../modules/assignees/task-filter.js';
import { CustomFieldScope } from '../../modules/custom-fields/filter-scope.js';
import { remindersFilter } from '../../modules/reminders/task-filter.js';
import { TaskFilterTranslator } from '../../modules/tasks/filter-sql.js';
import type { TaskListQuery, TaskListRepo } from '../../modules/tasks/list-repo.js';
import { notASubtask } from '../../modules/tasks/subtasks.js';
import { type RepoCases, VISIBLE } from './snapshot-call.js';

const filters = new TaskFilterTranslator(
  { assignees: assigneesFilter, reminders: remindersFilter },
  () => new Date('2026-01-02T03:04:05Z'),
);
const filter = (text: string) => filters.translate(text, false, 'UTC');

const NOW = '2026-01-02T03:04:05Z';

/** A project's custom fields, as a list reads them for its filter. */
const customFields = new CustomFieldScope(
  (
    [
      [7, 'Estimate', 'number'],
      [8, 'Status', 'choice'],
      [9, 'Owner', 'user'],
    ] as const
  ).map(([id, title, kind]) => ({
    id,
    project_id: 1,
    title,
    kind,
    options: '[]',
    position: id,
    show_on_cards: false,
    created: NOW,
    updated: NOW,
  })),
);

const ID_ASC = [{ field: 'id', order: 'asc' as const }];
const POSITION_FIRST = [
  { field: 'position', order: 'asc' as const },
  { field: 'id', order: 'asc' as const },
];

/** A list without a view: the web app's filter over every project. */
const allTasks: TaskListQuery = {
  projectIds: [1, 2, 3],
  viewId: null,
  search: '',
  conditions: filter('priority >= 3 && due_date < now+30d'),
  sort: ID_ASC,
  limit: 50,
  offset: 0,
};

/** The list view of a project: its own filter (`done = false`), position first, subtasks expanded. */
const listView: TaskListQuery = {
  projectIds: [1],
  viewId: 10,
  viewHasBuckets: false,
  search: '',
  conditions: [...filter('done = false'), notASubtask],
  sort: POSITION_FIRST,
  limit: 50,
  offset: 0,
};

export const listCases: RepoCases<TaskListRepo>['calls'] = {
  'list (no view, id order: counted, then the sorted page)': {
    run: (r) => r.list(allTasks),
    answers: [[{ n: 10 }], [{ n: 100_000 }]],
  },
  'list (no view, id order: counted, then the table walked in id order)': {
    run: (r) => r.list(allTasks),
    answers: [[{ n: 20_000 }], [{ n: 100_000 }]],
  },
  'list (no view, custom field filters, nulls included)': (r) =>
    r.list({
      ...allTasks,
      conditions: filters.translate(
        'Estimate > 3 && Status != Doing || Owner in ann',
        true,
        'UTC',
        customFields,
      ),
    }),
  'list (no view, one custom field condition: counted from its values, the table walked)': {
    run: (r) =>
      r.list({ ...allTasks, conditions: filters.translate('Estimate > 3', false, 'UTC', customFields) }),
    answers: [[{ n: 33_000 }], [{ n: 100_000 }]],
  },
  'list (no view, like on a column and a custom field: lower case of every letter)': (r) =>
    r.list({
      ...allTasks,
      conditions: filters.translate('title like ärger || Status like VIEW', false, 'UTC', customFields),
    }),
  'list (no view, sorted by a custom field)': (r) =>
    r.list({ ...allTasks, sort: [{ field: 'field_7', order: 'desc' }, ...ID_ASC] }),
  'list (no view, sorted by due date)': (r) =>
    r.list({ ...allTasks, sort: [{ field: 'due_date', order: 'asc' }, ...ID_ASC] }),
  'list (list view, by position, placed tasks fill the page)': {
    run: (r) => r.list(listView),
    // The count goes first, then the page.
    answers: [[{ n: 100 }], Array.from({ length: 50 }, (_, i) => ({ id: i + 1 }))],
  },
  'list (list view, by position, unplaced tasks after the placed ones)': (r) => r.list(listView),
  'list (open tasks of a project, counted by the triggers)': (r) =>
    r.list({
      ...listView,
      conditions: filter('done = false'),
      openTasksOf: { projectId: 1, topLevelOnly: false },
    }),
  'list (open top-level tasks of a project: the counter less its open subtasks)': {
    run: (r) => r.list({ ...listView, openTasksOf: { projectId: 1, topLevelOnly: true } }),
    answers: [[{ n: 9_990 }], Array.from({ length: 50 }, (_, i) => ({ id: i + 1 }))],
  },
  'list (table view, sorted by title)': (r) =>
    r.list({ ...listView, sort: [{ field: 'title', order: 'desc' }, ...POSITION_FIRST] }),
  'list (a filter on position reads the view in its count)': (r) =>
    r.list({ ...listView, conditions: filter('position > 3'), viewHasBuckets: true, sort: ID_ASC }),
  'list (ranked search, scope sub-query)': (r) =>
    r.list({
      ...allTasks,
      projectIds: r.activeProjectsAmong(VISIBLE),
      conditions: [],
      search: 'plumber',
      rankBySearch: true,
    }),
  'list (favourites)': (r) => r.list({ ...allTasks, conditions: [], favoritesOf: 1 }),
  'list (one bucket)': (r) =>
    r.list({ ...listView, viewHasBuckets: true, conditions: [], bucketId: 5, sort: POSITION_FIRST }),
  rankedPage: (r) =>
    r.rankedPage({ ...allTasks, conditions: [], search: 'plumber', rankBySearch: true, sort: ID_ASC }),
  'boardPages (plain board)': (r) =>
    r.boardPages(
      { projectIds: [1], viewId: 20, search: '', conditions: [], sort: POSITION_FIRST, limit: 25, offset: 0 },
      [
        { id: 1, takesUnplaced: false },
        { id: 2, takesUnplaced: false },
      ],
      false,
    ),
  'boardPages (filtered board with totals)': (r) =>
    r.boardPages(
      {
        projectIds: [1],
        viewId: 20,
        search: '',
        conditions: filter('priority >= 3'),
        sort: POSITION_FIRST,
        limit: 25,
        offset: 0,
      },
      [{ id: 1, takesUnplaced: false }],
      true,
    ),
  'boardPages (saved filter board: the default bucket takes unplaced tasks)': (r) =>
    r.boardPages(
      {
        projectIds: [1, 2],
        viewId: 20,
        search: '',
        conditions: [],
        sort: POSITION_FIRST,
        limit: 25,
        offset: 0,
      },
      [
        { id: 1, takesUnplaced: true },
        { id: 2, takesUnplaced: false },
      ],
      true,
    ),
  activeProjectsAmong: (r) => r.activeProjectsAmong(VISIBLE),
  projectIdsOf: (r) => r.projectIdsOf(r.activeProjectsAmong(VISIBLE)),
  timeZoneOf: (r) => r.timeZoneOf(1),
  usersByIds: (r) => r.usersByIds([1, 2]),
  subtasksBelow: (r) => r.subtasksBelow([1, 2], VISIBLE, 100),
};

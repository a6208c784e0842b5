import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../http/api-error.js';
import { assigneesFilter } from '../assignees/task-filter.js';
import { CustomFieldScope, type CustomFieldScopes } from '../custom-fields/filter-scope.js';
import { remindersFilter } from '../reminders/task-filter.js';
import type { ProjectAccess } from '../rights/project-access.js';
import type { RightsService } from '../rights/service.js';
import type { ViewsRepo } from '../views/repo.js';
import type { TaskDetails } from './details.js';
import { TaskFilterTranslator } from './filter-sql.js';
import { type SavedFilterLists, TaskListService } from './list.js';
import type { TaskListParams } from './list-params.js';
import type { TaskListQuery, TaskListRepo } from './list-repo.js';

const PROJECT = 1;
const LIST_VIEW = { id: 10, project_id: PROJECT, view_kind: 'list', filter: '{"filter":"done = false"}' };
const KANBAN_VIEW = { id: 11, project_id: PROJECT, view_kind: 'kanban', bucket_configuration_mode: 'manual' };
const DUE_SOON_VIEW = {
  id: 12,
  project_id: PROJECT,
  view_kind: 'list',
  filter: '{"filter":"due_date < now+7d"}',
};

function service(canRead = true) {
  const filters = new TaskFilterTranslator({ assignees: assigneesFilter, reminders: remindersFilter });
  const parse = vi.spyOn(filters, 'parse');
  const queries: TaskListQuery[] = [];
  const zoneReads: number[] = [];
  const repo = {
    timeZoneOf: async (userId: number) => {
      zoneReads.push(userId);
      return 'Pacific/Pago_Pago';
    },
    rankedPage: async () => null,
    list: async (q: TaskListQuery) => {
      queries.push(q);
      return { rows: [], placements: new Map(), total: 0 };
    },
    projectIdsOf: async () => [PROJECT],
    activeProjectsAmong: () => sql`SELECT 1`,
    boardPages: async () => ({ pages: new Map(), placements: new Map(), totals: new Map() }),
    usersByIds: async () => [],
  } as unknown as TaskListRepo;
  const access = {
    demand: async () => {
      if (!canRead) throw new ApiError(403, 1, 'Forbidden');
    },
  } as unknown as ProjectAccess;
  const views = {
    find: async (id: number) => [LIST_VIEW, KANBAN_VIEW, DUE_SOON_VIEW].find((v) => v.id === id),
    bucketsOf: async () => [],
    bucketCounts: async () => new Map(),
  } as unknown as ViewsRepo;
  const details = { serialize: async () => [] } as unknown as TaskDetails;
  const rights = { visibleProjectIds: () => sql`SELECT 1` } as unknown as RightsService;
  const savedFilters = { listScope: async () => ({ conditions: [], sort: [] }) } as SavedFilterLists;
  const fieldScopes = {
    forProject: async () => CustomFieldScope.EMPTY,
    allReadable: async () => true,
  } as unknown as CustomFieldScopes;
  const lists = new TaskListService(repo, rights, access, views, details, filters, savedFilters, fieldScopes);
  return { lists, parse, queries, zoneReads };
}

const params = (filter: string): TaskListParams => ({
  page: { page: 1, perPage: 50, limit: 50, offset: 0 },
  sort: [],
  s: '',
  filter,
  filterIncludeNulls: false,
  filterTimezone: '',
  expand: new Set(['subtasks']),
});

describe('TaskListService', () => {
  it("parses the request's filter once per request", async () => {
    const { lists, parse } = service();
    await lists.all(1, params('priority >= 3 && due_date < now+30d'));
    expect(parse.mock.calls.filter(([text]) => text.startsWith('priority'))).toHaveLength(1);
  });

  it('parses it once through a view, where the view adds its own filter and a board checks for buckets', async () => {
    for (const view of [LIST_VIEW, KANBAN_VIEW]) {
      const { lists, parse } = service();
      await lists.ofView(1, PROJECT, view.id, params('priority >= 3'));
      expect(parse.mock.calls.filter(([text]) => text === 'priority >= 3')).toHaveLength(1);
    }
  });

  it("hands the repository the parsed request: a position filter's condition is marked as reading the view", async () => {
    const { lists, queries } = service();
    await lists.ofView(1, PROJECT, LIST_VIEW.id, params('position > 3'));
    expect(queries[0].conditions.some((c) => c.readsView)).toBe(true);
  });

  it("reads the caller's time zone only for a filter with dates that names none", async () => {
    const { lists, zoneReads } = service();
    await lists.all(1, params(''));
    await lists.all(1, params('priority >= 3'));
    // Twice through each view: the second list starts from the view as the first read it.
    for (let i = 0; i < 2; i++) {
      await lists.ofView(1, PROJECT, LIST_VIEW.id, params('done = true'));
      await lists.ofView(1, PROJECT, KANBAN_VIEW.id, params(''));
    }
    await lists.all(1, { ...params('due_date < now'), filterTimezone: 'Europe/Berlin' });
    expect(zoneReads).toEqual([]);

    await lists.all(2, params('priority >= 3 || due_date < now'));
    expect(zoneReads).toEqual([2]);
    for (let i = 0; i < 2; i++) await lists.ofView(3, PROJECT, DUE_SOON_VIEW.id, params('priority >= 3'));
    expect(zoneReads).toEqual([2, 3, 3]);
  });

  it('answers a bad filter only after the access check, as before', async () => {
    const { lists } = service(false);
    await expect(lists.ofProject(1, PROJECT, params('priority >>> 3'))).rejects.toMatchObject({
      status: 403,
    });
  });
});

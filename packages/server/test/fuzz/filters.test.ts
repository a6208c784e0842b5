/**
 * The filter language under generated filter strings (built from its grammar, and jumbles of it):
 * task lists over all projects, one project, a view, and saved filters created with the string
 * and then listed. Any answer below 500, and the server keeps answering.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUZZ_RUNS, fuzzParameters, fuzzTimeout } from '../support/fuzz/budget.js';

// A filter costs one or two reads, so it gets more runs than a write route.
const RUNS = FUZZ_RUNS * 10;

import { filterString } from '../support/fuzz/filter-strings.js';
import { text } from '../support/fuzz/values.js';
import { buildWorld, idOf, type World } from '../support/fuzz/world.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

const sortField = fc.constantFrom(
  'id',
  'title',
  'due_date',
  'done',
  'position',
  'priority',
  'percent_done',
  'nope',
  '',
);
const listQuery = (world: World) =>
  fc.record(
    {
      filter: filterString(idOf(world, 'label') as fc.Arbitrary<number>),
      filter_include_nulls: fc.constantFrom('true', 'false', 'maybe'),
      filter_timezone: fc.oneof(
        fc.constantFrom(
          'UTC',
          'Europe/Berlin',
          'America/Los_Angeles',
          'Pacific/Kiritimati',
          'Nowhere/Land',
          '+05:00',
        ),
        text,
      ),
      s: text,
      sort_by: sortField,
      order_by: fc.constantFrom('asc', 'desc', 'sideways'),
      page: fc.constantFrom('1', '2', '0', '-1', '99999999999', 'x'),
      per_page: fc.constantFrom('1', '50', '0', '-1', '1000000', 'x'),
    },
    { requiredKeys: ['filter'] },
  );

describe('fuzzing the filter language', () => {
  let t: TestApp;
  let world: World;
  let lists: string[];
  beforeAll(async () => {
    t = await createTestApp();
    world = await buildWorld(t);
    const project = world.ids.get('project')?.[0];
    const views = (
      await t.request('GET', `/api/v1/projects/${project}/views`, { token: world.me.token })
    ).json();
    lists = [
      '/api/v1/tasks/all',
      '/api/v1/tasks',
      `/api/v1/projects/${project}/tasks`,
      ...views.map((v: { id: number }) => `/api/v1/projects/${project}/views/${v.id}/tasks`),
    ];
    // Tasks with something in every field a filter can compare, so the filters have rows to read.
    const label = world.ids.get('label')?.[0];
    for (const task of world.ids.get('task') ?? []) {
      await t.request('POST', `/api/v1/tasks/${task}`, {
        token: world.me.token,
        body: {
          title: 'filled in',
          description: 'every field',
          due_date: '2026-04-15T10:00:00Z',
          start_date: '2026-04-01T00:00:00Z',
          end_date: '2026-05-01T00:00:00Z',
          priority: 3,
          percent_done: 0.5,
          hex_color: 'ff0000',
          reminders: [{ reminder: '2026-04-14T09:00:00Z' }],
          assignees: [{ id: world.me.id }],
        },
      });
      await t.request('PUT', `/api/v1/tasks/${task}/labels`, {
        token: world.me.token,
        body: { label_id: label },
      });
    }
  });
  afterAll(async () => t?.close());

  it(
    'answers task lists below 500 for any filter',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom(...lists), listQuery(world), async (list, query) => {
          const url = `${list}?${new URLSearchParams(query as Record<string, string>)}`;
          const res = await t.request('GET', url, { token: world.me.token });
          if (res.statusCode >= 500)
            throw new Error(`${res.statusCode} for GET ${url}: ${res.body.slice(0, 300)}`);
          expect((await t.request('GET', '/api/v1/info')).statusCode).toBe(200);
        }),
        fuzzParameters(RUNS),
      );
    },
    fuzzTimeout(50, RUNS),
  );

  it(
    'saves any filter below 500, and lists a saved one below 500',
    async () => {
      const views = async (id: number) =>
        (await t.request('GET', `/api/v1/projects/${id}/views`, { token: world.me.token })).json() as {
          id: number;
        }[];
      await fc.assert(
        fc.asyncProperty(
          filterString(idOf(world, 'project') as fc.Arbitrary<number>),
          fc.boolean(),
          async (filter, includeNulls) => {
            const created = await t.request('PUT', '/api/v1/filters', {
              token: world.me.token,
              body: { title: 'fuzzed', filters: { filter, filter_include_nulls: includeNulls } },
            });
            if (created.statusCode >= 500)
              throw new Error(
                `${created.statusCode} saving ${JSON.stringify(filter)}: ${created.body.slice(0, 300)}`,
              );
            if (created.statusCode >= 300) return;
            const project = -created.json().id - 1;
            for (const view of await views(project)) {
              const url = `/api/v1/projects/${project}/views/${view.id}/tasks`;
              const res = await t.request('GET', url, { token: world.me.token });
              if (res.statusCode >= 500)
                throw new Error(
                  `${res.statusCode} for GET ${url} (filter ${JSON.stringify(filter)}): ${res.body}`,
                );
            }
            const all = await t.request('GET', `/api/v1/tasks/all?${new URLSearchParams({ filter })}`, {
              token: world.me.token,
            });
            expect(all.statusCode).toBeLessThan(500);
          },
        ),
        fuzzParameters(RUNS),
      );
    },
    fuzzTimeout(150, RUNS),
  );
});

/**
 * Custom fields: per-project definitions (rights, rules, nothing written on a refusal), the values
 * every task answer carries, their writes (merged by field, one transaction with the task), the
 * filter language and sorting on them, and what carries them along (moves, copies, templates,
 * trash, exports).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zipOf } from './support/import-fixtures.js';
import { multipart } from './support/multipart.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { unzip } from './support/unzip.js';

let t: TestApp;
let owner: { token: string; id: number };
let writer: { token: string; id: number };
let reader: { token: string; id: number };
let stranger: { token: string; id: number };

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp('cfowner');
  writer = await t.signUp('cfwriter');
  reader = await t.signUp('cfreader');
  stranger = await t.signUp('cfstranger');
});
afterAll(async () => t.close());

type Json = Record<string, unknown> & { id: number };

async function call(method: string, url: string, token: string, body?: unknown) {
  return t.request(method as 'GET', `/api/v1${url}`, { token, body: body as Record<string, unknown> });
}

async function ok<T = Json>(method: string, url: string, token: string, body?: unknown): Promise<T> {
  const res = await call(method, url, token, body);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json() as T;
}

async function refused(
  method: string,
  url: string,
  token: string,
  body: unknown,
  status: number,
  code: number,
) {
  const res = await call(method, url, token, body);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
  expect(res.json().code).toBe(code);
  return res.json() as { code: number; message: string };
}

let counter = 0;
async function project(title = `Project ${++counter}`) {
  const p = await ok('PUT', '/projects', owner.token, { title });
  await ok('PUT', `/projects/${p.id}/users`, owner.token, { username: 'cfwriter', right: 1 });
  await ok('PUT', `/projects/${p.id}/users`, owner.token, { username: 'cfreader', right: 0 });
  return p.id;
}

async function field(projectId: number, body: Record<string, unknown>) {
  const res = await call('PUT', `/projects/${projectId}/fields`, owner.token, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Json & {
    title: string;
    kind: string;
    options: string[];
    position: number;
    show_on_cards: boolean;
  };
}

async function task(projectId: number, body: Record<string, unknown> = {}) {
  return ok<Json & { custom_fields: Record<string, unknown> }>(
    'PUT',
    `/projects/${projectId}/tasks`,
    owner.token,
    {
      title: `Task ${++counter}`,
      ...body,
    },
  );
}

async function read(taskId: number) {
  return ok<Json & { custom_fields: Record<string, unknown>; title: string; priority: number }>(
    'GET',
    `/tasks/${taskId}`,
    owner.token,
  );
}

describe('definitions', () => {
  it('defines, lists in order, changes and deletes fields', async () => {
    const p = await project();
    const estimate = await field(p, { title: ' Estimate ', kind: 'number' });
    expect(estimate).toMatchObject({
      project_id: p,
      title: 'Estimate',
      kind: 'number',
      options: [],
      position: 1,
      show_on_cards: false,
    });
    const status = await field(p, {
      title: 'Status',
      kind: 'choice',
      options: ['Todo', 'Doing', 'Done'],
      show_on_cards: true,
    });
    expect(status).toMatchObject({ position: 2, show_on_cards: true });
    const first = await field(p, { title: 'First', kind: 'text', position: 0.5 });

    const listed = await ok<Json[]>('GET', `/projects/${p}/fields`, reader.token);
    expect(listed.map((f) => f.title)).toEqual(['First', 'Estimate', 'Status']);
    expect(Object.keys(listed[0])).toEqual([
      'id',
      'project_id',
      'title',
      'kind',
      'options',
      'position',
      'show_on_cards',
      'created',
      'updated',
    ]);

    const renamed = await ok('POST', `/projects/${p}/fields/${estimate.id}`, writer.token, {
      title: 'Effort',
    });
    expect(renamed).toMatchObject({ title: 'Effort', kind: 'number', position: 1, show_on_cards: false });
    // Shown on cards, then off again; a change that does not name it keeps it.
    const shown = await ok('POST', `/projects/${p}/fields/${estimate.id}`, writer.token, {
      show_on_cards: true,
    });
    expect(shown).toMatchObject({ title: 'Effort', show_on_cards: true });
    expect(
      await ok('POST', `/projects/${p}/fields/${estimate.id}`, owner.token, { title: 'Effort' }),
    ).toMatchObject({ show_on_cards: true });
    expect(
      await ok('POST', `/projects/${p}/fields/${status.id}`, owner.token, { show_on_cards: false }),
    ).toMatchObject({ title: 'Status', options: ['Todo', 'Doing', 'Done'], show_on_cards: false });
    // The same kind may be sent back.
    await ok('POST', `/projects/${p}/fields/${estimate.id}`, owner.token, {
      title: 'Effort',
      kind: 'number',
    });

    expect(await ok('DELETE', `/projects/${p}/fields/${first.id}`, writer.token)).toEqual({
      message: 'Successfully deleted.',
    });
    await refused('POST', `/projects/${p}/fields/${first.id}`, owner.token, { title: 'x' }, 404, 30120);
    await refused('DELETE', `/projects/${p}/fields/${first.id}`, owner.token, undefined, 404, 30120);
    expect(
      (await ok<Json[]>('GET', `/projects/${p}/fields`, owner.token)).map((f) => [f.title, f.show_on_cards]),
    ).toEqual([
      ['Effort', true],
      ['Status', false],
    ]);
  });

  it('refuses bad definitions with 30123/30124 and writes nothing', async () => {
    const p = await project();
    const kept = await field(p, { title: 'Size', kind: 'choice', options: ['S', 'M'] });
    const bad: [Record<string, unknown>, RegExp][] = [
      [{ title: '   ', kind: 'text' }, /title is empty/],
      [{ title: 'x'.repeat(251), kind: 'text' }, /longer than 250/],
      [{ title: 'size', kind: 'text' }, /already/],
      [{ title: 'Priority', kind: 'number' }, /built-in/],
      [{ title: 'labels', kind: 'text' }, /built-in/],
      [{ title: 'Colour', kind: 'colour' }, /not a kind/],
      [{ title: 'Colour' }, /not a kind/],
      [{ title: 'Pick', kind: 'choice' }, /1 to 100 options/],
      [{ title: 'Pick', kind: 'choices', options: [] }, /1 to 100 options/],
      [{ title: 'Pick', kind: 'choice', options: ['a', 'a'] }, /twice/],
      [{ title: 'Note', kind: 'text', options: ['a'] }, /no options/],
      [{ title: 'Note', kind: 'text', show_on_cards: 'yes' }, /show_on_cards is not true or false/],
      [{ title: 'Note', kind: 'text', show_on_cards: 1 }, /show_on_cards is not true or false/],
      [{ title: 'Note', kind: 'text', show_on_cards: null }, /show_on_cards is not true or false/],
    ];
    for (const [body, reason] of bad) {
      const error = await refused('PUT', `/projects/${p}/fields`, owner.token, body, 400, 30123);
      expect(error.message).toMatch(reason);
    }
    await refused('POST', `/projects/${p}/fields/${kept.id}`, owner.token, { kind: 'choices' }, 400, 30124);
    await refused('POST', `/projects/${p}/fields/${kept.id}`, owner.token, { options: [] }, 400, 30123);
    await refused('POST', `/projects/${p}/fields/${kept.id}`, owner.token, { title: 'done' }, 400, 30123);
    // A bad flag refuses the whole change: the new title is not written either.
    for (const flag of ['true', 0, [], {}])
      await refused(
        'POST',
        `/projects/${p}/fields/${kept.id}`,
        owner.token,
        { title: 'Renamed', show_on_cards: flag },
        400,
        30123,
      );
    const other = await field(p, { title: 'Other', kind: 'text' });
    await refused('POST', `/projects/${p}/fields/${other.id}`, owner.token, { title: 'SIZE' }, 400, 30123);
    const listed = await ok<Json[]>('GET', `/projects/${p}/fields`, owner.token);
    expect(listed.map((f) => [f.title, f.kind, f.options, f.show_on_cards])).toEqual([
      ['Size', 'choice', ['S', 'M'], false],
      ['Other', 'text', [], false],
    ]);
  });

  it('needs write to define and read to list; a field of another project is 30120', async () => {
    const p = await project();
    const q = await project();
    const f = await field(p, { title: 'Mine', kind: 'text' });
    await refused('PUT', `/projects/${p}/fields`, reader.token, { title: 'X', kind: 'text' }, 403, 0);
    await refused('POST', `/projects/${p}/fields/${f.id}`, reader.token, { title: 'X' }, 403, 0);
    await refused('DELETE', `/projects/${p}/fields/${f.id}`, reader.token, undefined, 403, 0);
    await refused('GET', `/projects/${p}/fields`, stranger.token, undefined, 403, 0);
    await refused('PUT', `/projects/${p}/fields`, stranger.token, { title: 'X', kind: 'text' }, 403, 0);
    await refused('GET', '/projects/999999/fields', owner.token, undefined, 404, 3001);
    await refused('POST', `/projects/${q}/fields/${f.id}`, owner.token, { title: 'X' }, 404, 30120);
    await refused('DELETE', `/projects/${q}/fields/${f.id}`, owner.token, undefined, 404, 30120);
  });
});

describe('what others see', () => {
  it('shows no definition or value of a project to a user without access to it', async () => {
    const p = await project();
    const hidden = await field(p, { title: 'Hidden budget', kind: 'text' });
    const secretTask = await task(p, { custom_fields: { [hidden.id]: 'confidential 42' } });
    const own = await ok('PUT', '/projects', stranger.token, { title: 'Mine' });
    await ok('PUT', `/projects/${own.id}/tasks`, stranger.token, { title: 'mine' });
    const leaks = (res: { body: string }) =>
      res.body.includes('confidential 42') || res.body.includes('Hidden budget');
    for (const url of [
      '/tasks/all',
      `/projects/${own.id}/tasks`,
      `/tasks/${secretTask.id}`,
      `/projects/${p}/fields`,
      `/projects/${p}/tasks`,
      `/tasks/all?sort_by=field_${hidden.id}`,
    ]) {
      const res = await call('GET', url, stranger.token);
      expect(leaks(res), url).toBe(false);
    }
    // Its title is no field in the stranger's filters, and its id no field for their writes.
    const filtered = await call(
      'GET',
      `/tasks/all?filter=${encodeURIComponent('"Hidden budget" like 4')}`,
      stranger.token,
    );
    expect(filtered.json().code).toBe(4016);
    const [mine] = await ok<Json[]>('GET', `/projects/${own.id}/tasks`, stranger.token);
    await refused(
      'POST',
      `/tasks/${mine.id}`,
      stranger.token,
      { title: 'mine', custom_fields: { [hidden.id]: 'x' } },
      400,
      30125,
    );
    expect((await read(secretTask.id)).custom_fields).toEqual({ [hidden.id]: 'confidential 42' });
  });
});

describe('values', () => {
  let p: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    p = await project();
    for (const [title, kind, options] of [
      ['Notes', 'text'],
      ['Estimate', 'number'],
      ['Due review', 'date'],
      ['Status', 'choice', ['Todo', 'Doing', 'Review']],
      ['Tags', 'choices', ['red', 'green', 'blue']],
      ['Reviewed', 'checkbox'],
      ['Link', 'url'],
      ['Reviewer', 'user'],
    ] as [string, string, string[]?][]) {
      ids[title] = (await field(p, { title, kind, options })).id;
    }
  });

  it('sets every kind, reads it back in every answer, and clears it', async () => {
    const created = await task(p, {
      custom_fields: {
        [ids.Notes]: 'some notes',
        [ids.Estimate]: 2.5,
        [ids['Due review']]: '2040-01-02T11:00:00+01:00',
        [ids.Status]: 'Doing',
        [ids.Tags]: ['blue', 'red'],
        [ids.Reviewed]: false,
        [ids.Link]: 'https://example.com/x',
        [ids.Reviewer]: { id: writer.id },
      },
    });
    const expected = {
      [ids.Notes]: 'some notes',
      [ids.Estimate]: 2.5,
      [ids['Due review']]: '2040-01-02T10:00:00Z',
      [ids.Status]: 'Doing',
      [ids.Tags]: ['blue', 'red'],
      [ids.Reviewed]: false,
      [ids.Link]: 'https://example.com/x',
      [ids.Reviewer]: expect.objectContaining({ id: writer.id, username: 'cfwriter' }),
    };
    expect(created.custom_fields).toEqual(expected);
    expect((await read(created.id)).custom_fields).toEqual(expected);
    const list = await ok<Json[]>('GET', `/projects/${p}/tasks`, owner.token);
    expect(list.find((x) => x.id === created.id)?.custom_fields).toEqual(expected);
    const other = list.find((x) => x.id !== created.id);
    if (other) expect(other.custom_fields).toEqual({});

    // Clearing: null, '' and []; a field left out keeps its value.
    const updated = await ok('POST', `/tasks/${created.id}`, owner.token, {
      title: 'renamed',
      custom_fields: { [ids.Notes]: null, [ids.Link]: '', [ids.Tags]: [], [ids.Estimate]: 3 },
    });
    expect(updated.custom_fields).toEqual({
      [ids.Estimate]: 3,
      [ids['Due review']]: '2040-01-02T10:00:00Z',
      [ids.Status]: 'Doing',
      [ids.Reviewed]: false,
      [ids.Reviewer]: expect.objectContaining({ id: writer.id }),
    });

    // A Vikunja client's full replace without the key keeps every value.
    const vikunja = await ok('POST', `/tasks/${created.id}`, owner.token, { title: 'again', priority: 2 });
    expect(vikunja.custom_fields).toEqual(updated.custom_fields);

    // The history names the field by its title.
    const activity = await ok<{ field: string; before: unknown; after: unknown }[]>(
      'GET',
      `/tasks/${created.id}/activity`,
      owner.token,
    );
    expect(activity).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'Estimate', before: 2.5, after: 3 }),
        expect.objectContaining({ field: 'Tags', before: ['blue', 'red'], after: null }),
      ]),
    );
  });

  it('refuses bad values (30121, 30122, 30125) and leaves the task as it was', async () => {
    const q = await project();
    const foreign = await field(q, { title: 'Foreign', kind: 'text' });
    const created = await task(p, {
      priority: 1,
      custom_fields: { [ids.Estimate]: 1, [ids.Status]: 'Todo' },
    });
    const cases: [Record<string, unknown>, number, RegExp?][] = [
      [{ [ids.Estimate]: 'three' }, 30121, /Estimate.*number/],
      [{ [ids.Notes]: 5 }, 30121, /Notes/],
      [{ [ids.Notes]: 'x'.repeat(501) }, 30121, /Notes/],
      [{ [ids['Due review']]: 'soon' }, 30121, /Due review/],
      [{ [ids.Reviewed]: 'yes' }, 30121, /Reviewed/],
      [{ [ids.Link]: 'javascript:alert(1)' }, 30121, /Link/],
      [{ [ids.Tags]: ['red', 'red'] }, 30121, /Tags/],
      [{ [ids.Reviewer]: 'cfwriter' }, 30121, /Reviewer/],
      [{ [ids.Reviewer]: stranger.id }, 30121, /Reviewer.*see the project/],
      [{ [ids.Reviewer]: 99999999 }, 30121, /Reviewer/],
      [{ [ids.Status]: 'Nope' }, 30122, /"Nope" is not one of the choices of the field "Status"/],
      [{ [ids.Tags]: ['red', 'pink'] }, 30122, /pink/],
      [{ [foreign.id]: 'x' }, 30125, new RegExp(`${foreign.id}`)],
      [{ 99999999: 'x' }, 30125],
      [{ abc: 'x' }, 30125],
    ];
    for (const [values, code, message] of cases) {
      // Everything else in the body would change the task: none of it may be written.
      const error = await refused(
        'POST',
        `/tasks/${created.id}`,
        owner.token,
        { title: 'changed', priority: 5, custom_fields: { [ids.Estimate]: 9, ...values } },
        400,
        code,
      );
      if (message) expect(error.message).toMatch(message);
    }
    const after = await read(created.id);
    expect(after.title).toBe(created.title);
    expect(after.priority).toBe(1);
    expect(after.custom_fields).toEqual({ [ids.Estimate]: 1, [ids.Status]: 'Todo' });
    // A create refused writes no task.
    const before = (await ok<Json[]>('GET', `/projects/${p}/tasks`, owner.token)).length;
    await refused(
      'PUT',
      `/projects/${p}/tasks`,
      owner.token,
      { title: 'n', custom_fields: { [ids.Status]: 'x' } },
      400,
      30122,
    );
    expect((await ok<Json[]>('GET', `/projects/${p}/tasks`, owner.token)).length).toBe(before);
  });

  it('takes a removed option off every value, and a deleted field off every task', async () => {
    const q = await project();
    const tags = await field(q, { title: 'Tags', kind: 'choices', options: ['a', 'b', 'c'] });
    const size = await field(q, { title: 'Size', kind: 'choice', options: ['S', 'L'] });
    const one = await task(q, { custom_fields: { [tags.id]: ['a', 'b'], [size.id]: 'S' } });
    const two = await task(q, { custom_fields: { [tags.id]: ['b'], [size.id]: 'L' } });
    await ok('POST', `/projects/${q}/fields/${tags.id}`, owner.token, { options: ['a', 'c', 'd'] });
    await ok('POST', `/projects/${q}/fields/${size.id}`, owner.token, { options: ['L'] });
    expect((await read(one.id)).custom_fields).toEqual({ [tags.id]: ['a'] });
    expect((await read(two.id)).custom_fields).toEqual({ [size.id]: 'L' });
    await ok('DELETE', `/projects/${q}/fields/${size.id}`, owner.token);
    expect((await read(two.id)).custom_fields).toEqual({});
  });

  it('bulk edits values of one project', async () => {
    const one = await task(p, { custom_fields: { [ids.Notes]: 'keep' } });
    const two = await task(p);
    const res = await ok<{ tasks: Json[] }>('POST', '/tasks/bulk', owner.token, {
      task_ids: [one.id, two.id],
      fields: ['custom_fields'],
      values: { custom_fields: { [ids.Estimate]: 8 } },
    });
    expect(res.tasks.map((x) => x.custom_fields)).toEqual([
      { [ids.Notes]: 'keep', [ids.Estimate]: 8 },
      { [ids.Estimate]: 8 },
    ]);
    await refused(
      'POST',
      '/tasks/bulk',
      owner.token,
      {
        task_ids: [one.id, two.id],
        fields: ['custom_fields'],
        values: { custom_fields: { [ids.Estimate]: 'x' } },
      },
      400,
      30121,
    );
    expect((await read(two.id)).custom_fields).toEqual({ [ids.Estimate]: 8 });
    // The flat (v0.24) body too.
    const flat = await ok<{ tasks: Json[] }>('POST', '/tasks/bulk', owner.token, {
      task_ids: [two.id],
      custom_fields: { [ids.Notes]: 'flat' },
    });
    expect(flat.tasks[0].custom_fields).toEqual({ [ids.Estimate]: 8, [ids.Notes]: 'flat' });
  });
});

describe('filters and sorting', () => {
  let p: number;
  const f: Record<string, number> = {};
  const tasks: Record<string, number> = {};
  const soon = `${new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 19)}Z`;
  const later = `${new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 19)}Z`;

  beforeAll(async () => {
    p = await project();
    for (const [title, kind, options] of [
      ['Estimate', 'number'],
      ['Status', 'choice', ['Doing', 'Review']],
      ['Tags', 'choices', ['red', 'green', 'blue']],
      ['Reviewed', 'checkbox'],
      ['Due review', 'date'],
      ['Owner', 'user'],
      ['Notes', 'text'],
    ] as [string, string, string[]?][]) {
      f[title] = (await field(p, { title, kind, options })).id;
    }
    tasks.A = (
      await task(p, {
        title: 'A',
        custom_fields: {
          [f.Estimate]: 5,
          [f.Status]: 'Doing',
          [f.Tags]: ['red', 'blue'],
          [f.Reviewed]: true,
          [f['Due review']]: soon,
          [f.Owner]: writer.id,
          [f.Notes]: 'alpha Beta',
        },
      })
    ).id;
    tasks.B = (
      await task(p, {
        title: 'B',
        custom_fields: {
          [f.Estimate]: 2,
          [f.Status]: 'Review',
          [f.Tags]: ['green'],
          [f.Reviewed]: false,
          [f['Due review']]: later,
          [f.Notes]: 'gamma',
        },
      })
    ).id;
    tasks.C = (await task(p, { title: 'C' })).id;
    // A field of the same title elsewhere does not leak into this project's lists.
    const other = await project();
    const otherEstimate = await field(other, { title: 'Estimate', kind: 'number' });
    await task(other, { title: 'Elsewhere', custom_fields: { [otherEstimate.id]: 100 } });
  });

  async function titles(filter: string, extra = '', url = `/projects/${p}/tasks`) {
    const res = await call('GET', `${url}?filter=${encodeURIComponent(filter)}${extra}`, owner.token);
    expect(res.statusCode, `${filter}: ${res.body}`).toBe(200);
    return (res.json() as { title: string }[]).map((x) => x.title).sort();
  }

  it.each([
    ['Estimate > 3', ['A']],
    ['estimate >= 2 && Estimate < 5', ['B']],
    ['Estimate != 5', ['B']],
    ['Estimate in 2, 7', ['B']],
    ['Status in Doing, Review', ['A', 'B']],
    ['Status = Doing || Estimate = 2', ['A', 'B']],
    ['Status like view', ['B']],
    ['Tags = green', ['B']],
    ['Tags in blue, green', ['A', 'B']],
    ['Tags != red', ['B']],
    ['Reviewed = true', ['A']],
    ['Reviewed = false', ['B']],
    ['"Due review" < now+7d', ['A']],
    ['Due review > now+7d', ['B']],
    ['Owner = cfwriter', ['A']],
    ['Owner in cfreader, cfwriter', ['A']],
    ['Owner != cfwriter', []],
    ['Notes like beta', ['A']],
    ['Notes = gamma && priority = 0', ['B']],
  ])('%s', async (filter, expected) => {
    expect(await titles(filter)).toEqual(expected);
  });

  it('keeps tasks without a value with filter_include_nulls', async () => {
    expect(await titles('Estimate > 3', '&filter_include_nulls=true')).toEqual(['A', 'C']);
    expect(await titles('Tags != red', '&filter_include_nulls=true')).toEqual(['B', 'C']);
    expect(await titles('Owner = cfwriter', '&filter_include_nulls=true')).toEqual(['A', 'B', 'C']);
  });

  it('answers 4016 for names that are no field of the projects listed', async () => {
    for (const filter of ['Effort > 3', '"Story points" > 1']) {
      const res = await call('GET', `/projects/${p}/tasks?filter=${encodeURIComponent(filter)}`, owner.token);
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe(4016);
    }
    const q = await project();
    await field(q, { title: 'Only there', kind: 'number' });
    const res = await call(
      'GET',
      `/projects/${p}/tasks?filter=${encodeURIComponent('Only there > 1')}`,
      owner.token,
    );
    expect(res.json().code).toBe(4016);
    // Across every project the caller reads, it is a field.
    expect(
      (await call('GET', `/tasks/all?filter=${encodeURIComponent('Only there > 1')}`, owner.token))
        .statusCode,
    ).toBe(200);
  });

  it('counts what it lists: one task per match, whatever its options, only in projects listed', async () => {
    // An archived project's field and task are outside /tasks/all.
    const archived = await project();
    const archivedEstimate = await field(archived, { title: 'Estimate', kind: 'number' });
    await task(archived, { title: 'Archived', custom_fields: { [archivedEstimate.id]: 50 } });
    await ok('POST', `/projects/${archived}`, owner.token, { title: 'Archived', is_archived: true });
    // Total pages at one task a page, against the tasks one long page lists.
    const count = async (url: string, filter: string) => {
      const query = `filter=${encodeURIComponent(filter)}`;
      const paged = await call('GET', `${url}?${query}&per_page=1`, owner.token);
      const listed = await ok<{ title: string }[]>('GET', `${url}?${query}&per_page=1000`, owner.token);
      return { total: Number(paged.headers['x-pagination-total-pages']), titles: listed.map((x) => x.title) };
    };
    for (const [filter, expected] of [
      ['Estimate > 3', ['A']],
      ['Tags in red, green, blue', ['A', 'B']],
      ['Tags like e', ['A', 'B']],
      ['Owner = cfwriter', ['A']],
      ['Notes = nothing', []],
    ] as const) {
      const { total, titles: listed } = await count(`/projects/${p}/tasks`, filter);
      expect(listed.sort(), filter).toEqual([...expected]);
      expect(total, filter).toBe(expected.length);
    }
    // Across projects (other tests' tasks among them): as many as listed, the archived one not.
    const { total, titles: listed } = await count('/tasks/all', 'Estimate >= 5');
    expect(listed).toEqual(expect.arrayContaining(['A', 'Elsewhere']));
    expect(listed).not.toContain('Archived');
    expect(total).toBe(listed.length);
  });

  it('filters across projects, in views and in saved filters', async () => {
    const all = await titles('Estimate >= 5', '', '/tasks/all');
    expect(all).toEqual(expect.arrayContaining(['A', 'Elsewhere']));
    expect(all).not.toContain('B');
    const view = await ok('PUT', `/projects/${p}/views`, owner.token, {
      title: 'Big',
      view_kind: 'list',
      filter: { filter: 'Estimate > 3' },
    });
    const viewed = await ok<{ title: string }[]>('GET', `/projects/${p}/views/${view.id}/tasks`, owner.token);
    expect(viewed.map((x) => x.title)).toEqual(['A']);
    await refused(
      'PUT',
      `/projects/${p}/views`,
      owner.token,
      { title: 'Bad', view_kind: 'list', filter: { filter: 'Effort > 3' } },
      400,
      4016,
    );
    const saved = await ok('PUT', '/filters', owner.token, {
      title: 'Reviewed',
      filters: { filter: 'Reviewed = true || Estimate >= 100', filter_include_nulls: false },
    });
    const savedProject = -(saved.id + 1);
    const listed = await ok<{ title: string }[]>('GET', `/projects/${savedProject}/tasks`, owner.token);
    expect(listed.map((x) => x.title).sort()).toEqual(['A', 'Elsewhere']);
    await refused(
      'PUT',
      '/filters',
      owner.token,
      { title: 'Bad', filters: { filter: 'Nonexistent > 3' } },
      400,
      4016,
    );
  });

  it('sorts by a field both ways, tasks without a value last', async () => {
    const sorted = async (id: number, order: string) =>
      (
        await ok<{ title: string }[]>(
          'GET',
          `/projects/${p}/tasks?sort_by=field_${id}&order_by=${order}`,
          owner.token,
        )
      ).map((x) => x.title);
    expect(await sorted(f.Estimate, 'asc')).toEqual(['B', 'A', 'C']);
    expect(await sorted(f.Estimate, 'desc')).toEqual(['A', 'B', 'C']);
    expect(await sorted(f.Status, 'asc')).toEqual(['A', 'B', 'C']);
    expect(await sorted(f.Status, 'desc')).toEqual(['B', 'A', 'C']);
    expect(await sorted(f['Due review'], 'desc')).toEqual(['B', 'A', 'C']);
    // Through a view too.
    const views = await ok<{ id: number; view_kind: string }[]>('GET', `/projects/${p}/views`, owner.token);
    const table = views.find((v) => v.view_kind === 'table')!;
    const viewed = await ok<{ title: string }[]>(
      'GET',
      `/projects/${p}/views/${table.id}/tasks?sort_by=field_${f.Estimate}&order_by=desc`,
      owner.token,
    );
    expect(viewed.map((x) => x.title)).toEqual(['A', 'B', 'C']);
    for (const bad of ['field_99999999', 'field_x', 'custom']) {
      const res = await call('GET', `/projects/${p}/tasks?sort_by=${bad}`, owner.token);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().code).toBe(4016);
    }
    // A field of a project the caller cannot read is unknown too.
    const res = await call('GET', `/tasks/all?sort_by=field_${f.Estimate}`, stranger.token);
    expect(res.json().code).toBe(4016);
  });
});

describe('carried along', () => {
  /** A project with a number, a choice and a user field, and a task with a value in each. */
  async function source() {
    const p = await project();
    const estimate = await field(p, { title: 'Estimate', kind: 'number' });
    const status = await field(p, {
      title: 'Status',
      kind: 'choice',
      options: ['Doing', 'Done'],
      show_on_cards: true,
    });
    const owner_ = await field(p, { title: 'Owner', kind: 'user' });
    const only = await field(p, { title: 'Only here', kind: 'text' });
    const t1 = await task(p, {
      title: 'Carried',
      custom_fields: { [estimate.id]: 3, [status.id]: 'Doing', [owner_.id]: writer.id, [only.id]: 'x' },
    });
    return { p, estimate, status, owner: owner_, only, task: t1 };
  }

  /** A task's values by field title. */
  async function byTitle(projectId: number, taskId: number) {
    const fields = await ok<{ id: number; title: string }[]>(
      'GET',
      `/projects/${projectId}/fields`,
      owner.token,
    );
    const values = (await read(taskId)).custom_fields;
    return Object.fromEntries(
      Object.entries(values).map(([id, v]) => [
        fields.find((f) => f.id === Number(id))?.title ?? `?${id}`,
        typeof v === 'object' && v !== null && 'username' in v ? (v as { username: string }).username : v,
      ]),
    );
  }

  it('moves values to the fields of the same title and kind, and drops the rest', async () => {
    const s = await source();
    const target = await project();
    const estimate = await field(target, { title: 'estimate', kind: 'number' });
    await field(target, { title: 'Status', kind: 'choice', options: ['Done'] });
    await field(target, { title: 'Owner', kind: 'text' });
    const moved = await ok('POST', `/tasks/${s.task.id}`, owner.token, {
      ...(await read(s.task.id)),
      project_id: target,
    });
    // Estimate remapped; Status dropped ("Doing" is no option there); Owner is another kind; Only here has none.
    expect(moved.custom_fields).toEqual({ [estimate.id]: 3 });
    expect(await byTitle(target, s.task.id)).toEqual({ estimate: 3 });
    // A move may set values of the target's fields in the same body.
    const back = await ok('POST', `/tasks/${s.task.id}`, owner.token, {
      title: 'Carried',
      project_id: s.p,
      custom_fields: { [s.status.id]: 'Done' },
    });
    expect(back.custom_fields).toEqual({ [s.estimate.id]: 3, [s.status.id]: 'Done' });
  });

  it('copies values with a duplicated task and a duplicated project', async () => {
    const s = await source();
    const copy = (await ok<{ duplicated_task: Json }>('PUT', `/tasks/${s.task.id}/duplicate`, owner.token))
      .duplicated_task;
    expect(copy.custom_fields).toEqual((await read(s.task.id)).custom_fields);
    const duplicated = (
      await ok<{ duplicated_project: Json }>('PUT', `/projects/${s.p}/duplicate`, owner.token, {})
    ).duplicated_project;
    const fields = await ok<{ title: string; kind: string; options: string[]; show_on_cards: boolean }[]>(
      'GET',
      `/projects/${duplicated.id}/fields`,
      owner.token,
    );
    expect(fields.map((f) => [f.title, f.kind, f.options, f.show_on_cards])).toEqual([
      ['Estimate', 'number', [], false],
      ['Status', 'choice', ['Doing', 'Done'], true],
      ['Owner', 'user', [], false],
      ['Only here', 'text', [], false],
    ]);
    const tasks = await ok<Json[]>('GET', `/projects/${duplicated.id}/tasks`, owner.token);
    for (const x of tasks)
      expect(await byTitle(duplicated.id, x.id)).toEqual({
        Estimate: 3,
        Status: 'Doing',
        Owner: 'cfwriter',
        'Only here': 'x',
      });
  });

  it('keeps definitions and values in project and task templates (people left out)', async () => {
    const s = await source();
    const template = await ok('PUT', `/projects/${s.p}/template`, owner.token, { title: 'With fields' });
    const made = await ok('PUT', `/templates/${template.id}/project`, owner.token, {});
    const tasks = await ok<Json[]>('GET', `/projects/${made.id}/tasks`, owner.token);
    expect(await byTitle(made.id, tasks[0].id)).toEqual({ Estimate: 3, Status: 'Doing', 'Only here': 'x' });
    expect(
      (await ok<Json[]>('GET', `/projects/${made.id}/fields`, owner.token)).map((f) => [
        f.title,
        f.show_on_cards,
      ]),
    ).toEqual([
      ['Estimate', false],
      ['Status', true],
      ['Owner', false],
      ['Only here', false],
    ]);

    const taskTemplate = await ok('PUT', `/tasks/${s.task.id}/template`, owner.token, {});
    const target = await project();
    await field(target, { title: 'ESTIMATE', kind: 'number' });
    await field(target, { title: 'Status', kind: 'choices', options: ['Doing'] });
    const fromTemplate = await ok('PUT', `/templates/${taskTemplate.id}/task`, owner.token, {
      project_id: target,
    });
    expect(await byTitle(target, fromTemplate.id)).toEqual({ ESTIMATE: 3 });
  });

  it('restores a deleted task with its values, and a deleted project with its fields', async () => {
    const s = await source();
    const before = (await read(s.task.id)).custom_fields;
    await ok('DELETE', `/tasks/${s.task.id}`, owner.token);
    const entries = await ok<{ id: number; kind: string; item_id: number }[]>('GET', '/trash', owner.token);
    const entry = entries.find((e) => e.kind === 'task' && e.item_id === s.task.id)!;
    await ok('POST', `/trash/${entry.id}/restore`, owner.token);
    expect((await read(s.task.id)).custom_fields).toEqual(before);

    await ok('DELETE', `/projects/${s.p}`, owner.token);
    expect((await call('GET', `/projects/${s.p}/fields`, owner.token)).statusCode).toBe(404);
    const again = await ok<{ id: number; kind: string; item_id: number }[]>('GET', '/trash', owner.token);
    const projectEntry = again.find((e) => e.kind === 'project' && e.item_id === s.p)!;
    await ok('POST', `/trash/${projectEntry.id}/restore`, owner.token);
    expect(
      (await ok<Json[]>('GET', `/projects/${s.p}/fields`, owner.token)).map((f) => [f.id, f.show_on_cards]),
    ).toEqual([
      [s.estimate.id, false],
      [s.status.id, true],
      [s.owner.id, false],
      [s.only.id, false],
    ]);
    expect((await read(s.task.id)).custom_fields).toEqual(before);
  });
});

describe('exports and imports', () => {
  it('puts a column per field in the CSV export', async () => {
    const p = await project();
    const estimate = await field(p, { title: 'Estimate', kind: 'number' });
    const tags = await field(p, { title: 'Tags, all', kind: 'choices', options: ['a', 'b'] });
    const reviewer = await field(p, { title: 'Reviewer', kind: 'user' });
    await task(p, {
      title: 'Row',
      custom_fields: { [estimate.id]: 1.5, [tags.id]: ['b', 'a'], [reviewer.id]: writer.id },
    });
    const res = await call('GET', `/projects/${p}/export?format=csv`, owner.token);
    expect(res.statusCode).toBe(200);
    const [header, row] = res.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(header.endsWith(',Estimate,"Tags, all",Reviewer')).toBe(true);
    expect(row.endsWith(',1.5,"b, a",cfwriter')).toBe(true);
  });

  it('carries definitions and values through the data export, and an import of them recreates both', async () => {
    const p = await project('Exported with fields');
    const estimate = await field(p, { title: 'Estimate', kind: 'number', show_on_cards: true });
    const status = await field(p, { title: 'Status', kind: 'choice', options: ['Doing', 'Done'] });
    const reviewer = await field(p, { title: 'Reviewer', kind: 'user' });
    await task(p, {
      title: 'Exported',
      custom_fields: { [estimate.id]: 4, [status.id]: 'Done', [reviewer.id]: writer.id },
    });

    expect(
      (await call('POST', '/user/export/request', owner.token, { password: 'tidy-otter-42' })).statusCode,
    ).toBe(200);
    const deadline = Date.now() + 15_000;
    while (!(await ok('GET', '/user/export', owner.token)).id) {
      if (Date.now() > deadline) throw new Error('the export did not finish');
      await new Promise((r) => setTimeout(r, 50));
    }
    const download = await call('POST', '/user/export/download', owner.token, { password: 'tidy-otter-42' });
    const projects = JSON.parse(
      (await unzip(download.rawPayload)).get('projects.json')!.toString('utf8'),
    ) as {
      id: number;
      title: string;
      custom_fields: { id: number; title: string; show_on_cards: boolean }[];
      tasks: { title: string; custom_fields: Record<string, unknown> }[];
    }[];
    const exported = projects.find((x) => x.id === p)!;
    expect(exported.custom_fields.map((f) => [f.title, f.show_on_cards])).toEqual([
      ['Estimate', true],
      ['Status', false],
      ['Reviewer', false],
    ]);
    expect(exported.tasks[0].custom_fields).toMatchObject({ [estimate.id]: 4, [status.id]: 'Done' });

    // The same project as a Vikunja export's data.json (the extra keys Vikunja ignores), imported.
    const importer = await t.signUp('cfimporter');
    const { body, contentType } = multipart([
      {
        name: 'export.zip',
        type: 'application/octet-stream',
        field: 'import',
        data: await zipOf({
          VERSION: 'v0.24.1',
          'data.json': JSON.stringify([{ ...exported, title: 'Imported' }]),
          'filters.json': '[]',
        }),
      },
    ]);
    const started = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/migration/vikunja-file/migrate',
      headers: { authorization: `Bearer ${importer.token}`, 'content-type': contentType },
      payload: body,
    });
    expect(started.statusCode, started.body).toBe(200);
    for (;;) {
      const state = await ok<{ state?: string }>('GET', '/migration/vikunja-file/status', importer.token);
      if (state.state !== 'running') break;
      await new Promise((r) => setTimeout(r, 20));
    }
    const mine = await ok<{ id: number; title: string }[]>('GET', '/projects', importer.token);
    const imported = mine.find((x) => x.title === 'Imported')!;
    const fields = await ok<
      { id: number; title: string; kind: string; options: string[]; show_on_cards: boolean }[]
    >('GET', `/projects/${imported.id}/fields`, importer.token);
    expect(fields.map((f) => [f.title, f.kind, f.options, f.show_on_cards])).toEqual([
      ['Estimate', 'number', [], true],
      ['Status', 'choice', ['Doing', 'Done'], false],
      ['Reviewer', 'user', [], false],
    ]);
    const [made] = await ok<{ custom_fields: Record<string, unknown> }[]>(
      'GET',
      `/projects/${imported.id}/tasks`,
      importer.token,
    );
    // The people of the exporting account are not the importer's: user values stay out.
    expect(made.custom_fields).toEqual({ [fields[0].id]: 4, [fields[1].id]: 'Done' });
  });
});

import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkShareToken } from './support/link-share-login.js';
import { projectOf, taskOf } from './support/people-projects.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let owner: { token: string; id: number };
let stranger: { token: string; id: number };
let coded: number;
let plain: number;
const ids: Record<string, number> = {};

async function createProject(token: string, body: Record<string, unknown>): Promise<number> {
  const res = await t.request('PUT', '/api/v1/projects', { token, body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

async function createTask(projectId: number, title: string, description = '', token = owner.token) {
  const res = await t.request('PUT', `/api/v1/projects/${projectId}/tasks`, {
    token,
    body: { title, description },
  });
  expect(res.statusCode, res.body).toBe(201);
  ids[title] = res.json().id;
  return res.json() as { id: number; index: number; identifier: string };
}

async function search(s: string, extra = '', path = '/tasks/all', token = owner.token): Promise<string[]> {
  const res = await t.request('GET', `/api/v1${path}?s=${encodeURIComponent(s)}${extra}`, { token });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { title: string }[]).map((task) => task.title);
}

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp('searchowner');
  stranger = await t.signUp('searchstranger');
  coded = await createProject(owner.token, { title: 'Coded', identifier: 'srch' });
  plain = await createProject(owner.token, { title: 'Plain' });
  // Index 1, 2, 3, 4 in "Coded" (identifier SRCH); index 1, 2, 3 in "Plain".
  await createTask(coded, 'Write quarterly report', '<p>numbers for the board</p>');
  await createTask(coded, 'Call the plumber', '<p>the kitchen sink leaks; write down the report number</p>');
  await createTask(coded, 'Landingpages update', '<p>about the branding</p>');
  await createTask(coded, 'Buy an ox', 'for the farm');
  await createTask(plain, 'Plan the offsite', 'venue, food and a 50% deposit');
  await createTask(plain, 'Quote "special" characters', 'c:\\path\\to_file * (star)');
  await createTask(plain, 'Refactor reporting module', '');
  const foreign = await createProject(stranger.token, { title: 'Foreign' });
  await createTask(foreign, 'Stranger report', 'not visible to the owner', stranger.token);
});
afterAll(async () => t.close());

describe('search by words', () => {
  it('finds whole words in titles and descriptions, ignoring case', async () => {
    expect(await search('PLUMBER', '&sort_by=id')).toEqual(['Call the plumber']);
    expect(await search('kitchen', '&sort_by=id')).toEqual(['Call the plumber']);
    expect(await search('branding', '&sort_by=id')).toEqual(['Landingpages update']);
  });

  it('finds prefixes and substrings inside words', async () => {
    expect(await search('land', '&sort_by=id')).toEqual(['Landingpages update']);
    expect(await search('ndingpa', '&sort_by=id')).toEqual(['Landingpages update']);
    expect(await search('quarter', '&sort_by=id')).toEqual(['Write quarterly report']);
  });

  it('needs every word, in any order and across title and description', async () => {
    expect(await search('report write', '&sort_by=id')).toEqual([
      'Write quarterly report',
      'Call the plumber',
    ]);
    expect(await search('plumber sink', '&sort_by=id')).toEqual(['Call the plumber']);
    expect(await search('plumber offsite', '&sort_by=id')).toEqual([]);
  });

  it('matches words shorter than three characters as substrings too', async () => {
    expect(await search('ox', '&sort_by=id')).toEqual(['Buy an ox']);
    expect(await search('ox farm', '&sort_by=id')).toEqual(['Buy an ox']);
  });

  it('takes quotes, wildcards and query syntax in the text literally', async () => {
    expect(await search('"special"', '&sort_by=id')).toEqual(['Quote "special" characters']);
    expect(await search('50%', '&sort_by=id')).toEqual(['Plan the offsite']);
    expect(await search('to_file', '&sort_by=id')).toEqual(['Quote "special" characters']);
    expect(await search('%', '&sort_by=id')).toEqual(['Plan the offsite']);
    expect(await search('* (star)', '&sort_by=id')).toEqual(['Quote "special" characters']);
    expect(await search('report OR offsite', '&sort_by=id')).toEqual([]);
    expect(await search('NEAR(a b)', '&sort_by=id')).toEqual([]);
  });

  it('stays within the tasks the caller may see', async () => {
    expect(await search('report', '&sort_by=id')).not.toContain('Stranger report');
    expect(await search('report', '&sort_by=id', '/tasks/all', stranger.token)).toEqual(['Stranger report']);
  });

  it('follows title and description changes and deleted tasks', async () => {
    const task = await createTask(plain, 'Rename me', 'temporary words');
    expect(await search('temporary')).toEqual(['Rename me']);
    const updated = await t.request('POST', `/api/v1/tasks/${task.id}`, {
      token: owner.token,
      body: { title: 'Renamed flamingo', description: 'lasting words' },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(await search('temporary')).toEqual([]);
    expect(await search('flamingo')).toEqual(['Renamed flamingo']);
    expect(await search('lasting')).toEqual(['Renamed flamingo']);
    expect((await t.request('DELETE', `/api/v1/tasks/${task.id}`, { token: owner.token })).statusCode).toBe(
      200,
    );
    expect(await search('flamingo')).toEqual([]);
  });
});

describe('search by identifier', () => {
  it('finds #index in a project list', async () => {
    expect(await search('#2', '', `/projects/${coded}/tasks`)).toEqual(['Call the plumber']);
    expect(await search('#2', '', `/projects/${plain}/tasks`)).toEqual(['Quote "special" characters']);
  });

  it('finds IDENT-index in that project only, any case', async () => {
    expect(await search('SRCH-3')).toEqual(['Landingpages update']);
    expect(await search('srch-1')).toEqual(['Write quarterly report']);
    expect(await search('NOPE-1')).toEqual([]);
  });

  it('finds no task by identifier in a project the caller does not see', async () => {
    expect(await search('SRCH-1', '', '/tasks/all', stranger.token)).toEqual([]);
  });

  it('ranks the task named by its identifier first', async () => {
    // "report" matches three tasks by text; SRCH-2 names the plumber task directly.
    const found = await search('SRCH-2');
    expect(found[0]).toBe('Call the plumber');
  });
});

describe('ranking', () => {
  it('puts title hits above description hits when no sort is given', async () => {
    // "report" is in the titles of tasks 1 and 7 and only in the description of task 2.
    const ranked = await search('report');
    expect(ranked).toEqual(['Write quarterly report', 'Refactor reporting module', 'Call the plumber']);
    // Every word in the title beats some words in the title.
    expect(await search('write report')).toEqual(['Write quarterly report', 'Call the plumber']);
  });

  it('keeps the requested order when a sort is given', async () => {
    expect(await search('report', '&sort_by=id&order_by=desc')).toEqual([
      'Refactor reporting module',
      'Call the plumber',
      'Write quarterly report',
    ]);
  });

  it('pages ranked results with the total in the headers', async () => {
    const res = await t.request('GET', '/api/v1/tasks/all?s=report&per_page=2&page=2', {
      token: owner.token,
    });
    expect(res.json().map((task: { title: string }) => task.title)).toEqual(['Call the plumber']);
    expect(res.headers['x-pagination-total-pages']).toBe('2');
  });
});

describe('search through views', () => {
  it('searches a project view with its filter applied', async () => {
    const views = (await t.request('GET', `/api/v1/projects/${coded}/views`, { token: owner.token })).json();
    const list = views.find((v: { view_kind: string }) => v.view_kind === 'list');
    const res = await t.request('GET', `/api/v1/projects/${coded}/views/${list.id}/tasks?s=report`, {
      token: owner.token,
    });
    expect(res.json().map((task: { title: string }) => task.title)).toEqual([
      'Write quarterly report',
      'Call the plumber',
    ]);
  });
});

describe('ranking read rank by rank', () => {
  let project: number;
  const titles = {
    bothA: 'zorblax quindle first',
    some: 'zorblax alone',
    none: 'unrelated chores',
    bothB: 'quindle and zorblax again',
    neither: 'quindle alone too',
  };

  beforeAll(async () => {
    project = await createProject(owner.token, { title: 'Ranks' });
    await createTask(project, titles.bothA, '');
    await createTask(project, titles.some, 'mentions quindle below');
    await createTask(project, titles.none, 'zorblax and quindle in the description');
    await createTask(project, titles.bothB, '');
    await createTask(project, titles.neither, 'no second word');
  });

  it('orders every word in the title, then some, then none, each by id', async () => {
    expect(await search('zorblax quindle')).toEqual([titles.bothA, titles.bothB, titles.some, titles.none]);
    expect(await search('ZORBLAX')).toEqual([titles.bothA, titles.some, titles.bothB, titles.none]);
  });

  it('pages across the ranks with the right total', async () => {
    const pages: string[] = [];
    for (let page = 1; page <= 5; page++) {
      const res = await t.request(
        'GET',
        `/api/v1/tasks/all?s=${encodeURIComponent('zorblax quindle')}&per_page=1&page=${page}`,
        { token: owner.token },
      );
      expect(res.statusCode, res.body).toBe(200);
      // Past the last page the list is empty and the header says 0 (reference §1.4).
      expect(res.headers['x-pagination-total-pages']).toBe(page <= 4 ? '4' : '0');
      pages.push(...res.json().map((task: { title: string }) => task.title));
    }
    expect(pages).toEqual([titles.bothA, titles.bothB, titles.some, titles.none]);
    const wide = await t.request('GET', `/api/v1/tasks/all?s=zorblax&per_page=3&page=2`, {
      token: owner.token,
    });
    expect(wide.json().map((task: { title: string }) => task.title)).toEqual([titles.none]);
  });

  it('pages consistently when case beyond ASCII differs (each task once)', async () => {
    const made = [
      await createTask(project, 'ÜBERWEISUNG eins', ''),
      await createTask(project, 'überweisung zwei', ''),
      await createTask(project, 'Notiz', 'überweisung drei'),
    ];
    const seen: number[] = [];
    for (let page = 1; page <= 3; page++) {
      const res = await t.request(
        'GET',
        `/api/v1/tasks/all?s=${encodeURIComponent('überweisung')}&per_page=1&page=${page}`,
        {
          token: owner.token,
        },
      );
      seen.push(...res.json().map((task: { id: number }) => task.id));
    }
    expect([...seen].sort()).toEqual(made.map((m) => m.id).sort());
    // A title hit always ranks above a description hit.
    expect(seen.at(-1)).toBe(made[2].id);
  });

  it('keeps a filter and the caller’s scope', async () => {
    expect(await search('zorblax quindle', '&filter=done%20%3D%20false')).toHaveLength(4);
    expect(await search('zorblax quindle', '', '/tasks/all', stranger.token)).toEqual([]);
  });
});

describe('the term index', () => {
  it('finds words at line breaks, tabs and glued to punctuation or markup', async () => {
    await createTask(plain, 'Layout check', '<ul><li>first\tgrapefruit</li>\r\n<li>(mangosteen),</li></ul>');
    expect(await search('grapefruit')).toEqual(['Layout check']);
    expect(await search('mangosteen')).toEqual(['Layout check']);
    expect(await search('(mangosteen),')).toEqual(['Layout check']);
    expect(await search('li>first')).toEqual(['Layout check']);
    // Two words that are neighbours in the text are still two words.
    expect(await search('first grapefruit')).toEqual(['Layout check']);
  });

  it('keeps finding a task whose other fields change, and finds it by its new text only', async () => {
    const task = await createTask(plain, 'Water the ficus', '');
    const done = await t.request('POST', `/api/v1/tasks/${task.id}`, {
      token: owner.token,
      body: { title: 'Water the ficus', description: '', done: true, priority: 3 },
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(await search('ficus')).toEqual(['Water the ficus']);
    await t.request('POST', `/api/v1/tasks/${task.id}`, {
      token: owner.token,
      body: { title: 'Water the cactus', description: '' },
    });
    expect(await search('ficus')).toEqual([]);
    expect(await search('cactus')).toEqual(['Water the cactus']);
  });

  it('finds words inside text too long for the index, and ranks around it', async () => {
    const long = `https://example.com/${'a'.repeat(150)}dragonfruit${'b'.repeat(150)}`;
    const task = await createTask(plain, 'Long link', `see ${long} today`);
    await createTask(plain, 'Dragonfruit smoothie', '');
    expect(await search('dragonfruit')).toEqual(['Dragonfruit smoothie', 'Long link']);
    expect(await search('dragonfruit', '&sort_by=id')).toEqual(['Long link', 'Dragonfruit smoothie']);
    expect(await search(`${'a'.repeat(20)}dragon`)).toEqual(['Long link']);
    expect(await search('today dragonfruit')).toEqual(['Long link']);
    expect(await search(long)).toEqual(['Long link']);
    expect((await t.request('DELETE', `/api/v1/tasks/${task.id}`, { token: owner.token })).statusCode).toBe(
      200,
    );
    expect(await search('dragonfruit')).toEqual(['Dragonfruit smoothie']);
  });
});

describe('search in an account that sees every task', () => {
  // The only account with tasks: a ranked search needs no scope check per match then.
  let own: TestApp;
  let user: { token: string; id: number };
  let mine: number;

  /** The lone account as the project and task helpers take it. */
  const alone = () => ({ token: user.token, username: 'alone' });
  const newTask = (projectId: number, title: string, description = '') =>
    taskOf(own, alone(), projectId, { title, description });

  async function setArchived(projectId: number, title: string, archived: boolean) {
    const res = await own.request('POST', `/api/v1/projects/${projectId}`, {
      token: user.token,
      body: { title, is_archived: archived },
    });
    expect(res.statusCode, res.body).toBe(200);
  }

  /** A search page: each task as `identifier title`, and the count headers. */
  async function page(query: string, extra = '') {
    const res = await own.request('GET', `/api/v1/tasks/all?s=${encodeURIComponent(query)}${extra}`, {
      token: user.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    return {
      titles: (res.json() as { title: string; identifier: string }[]).map(
        (t) => `${t.identifier} ${t.title}`,
      ),
      total: res.headers['x-pagination-result-count'],
      pages: res.headers['x-pagination-total-pages'],
    };
  }

  beforeAll(async () => {
    own = await createTestApp();
    user = await own.signUp('alone');
    mine = await projectOf(own, alone(), 'Mine');
    await newTask(mine, 'Fix the gutter');
    await newTask(mine, 'Buy paint', 'for the gutter and the fence');
    await newTask(mine, 'Gutter cleaning tools', 'ladder');
  });
  afterAll(async () => own.close());

  it('ranks title hits first, pages them and counts them', async () => {
    expect(await page('GUTTER')).toEqual({
      titles: ['#1 Fix the gutter', '#3 Gutter cleaning tools', '#2 Buy paint'],
      total: '3',
      pages: '1',
    });
    expect((await page('gutter ladder')).titles).toEqual(['#3 Gutter cleaning tools']);
    expect((await page('paint fence')).titles).toEqual(['#2 Buy paint']);
    expect((await page('nowhere')).titles).toEqual([]);
    const past = await own.request('GET', '/api/v1/tasks/all?s=gutter&per_page=2&page=3', {
      token: user.token,
    });
    expect(past.json()).toEqual([]);
    expect(past.headers['x-pagination-total-pages']).toBe('0');
  });

  it('shows each found task as the task itself reads: identifier, creator, labels, assignees, reminders, relations', async () => {
    // A ranked page reads its rows together with their parts; each part must land on its task.
    const project = (
      await own.request('PUT', '/api/v1/projects', {
        token: user.token,
        body: { title: 'Zoo', identifier: 'ZOO' },
      })
    ).json();
    const { token: guest, shareId } = await linkShareToken(own, user.token, project.id, {
      name: 'Keepers',
      right: 1,
    });
    const byGuest = await own.request('PUT', `/api/v1/projects/${project.id}/tasks`, {
      token: guest,
      body: { title: 'Feed the zebra' },
    });
    expect(byGuest.statusCode, byGuest.body).toBe(201);
    const mine = await own.request('PUT', `/api/v1/projects/${project.id}/tasks`, {
      token: user.token,
      body: {
        title: 'Brush the zebra',
        assignees: [{ id: user.id }],
        reminders: [{ reminder: '2040-03-01T08:00:00Z' }],
      },
    });
    expect(mine.statusCode, mine.body).toBe(201);
    const label = (
      await own.request('PUT', '/api/v1/labels', { token: user.token, body: { title: 'Stripes' } })
    ).json();
    const labelled = await own.request('PUT', `/api/v1/tasks/${mine.json().id}/labels`, {
      token: user.token,
      body: { label_id: label.id },
    });
    expect(labelled.statusCode, labelled.body).toBe(201);
    const related = await own.request('PUT', `/api/v1/tasks/${mine.json().id}/relations`, {
      token: user.token,
      body: { other_task_id: byGuest.json().id, relation_kind: 'related' },
    });
    expect(related.statusCode, related.body).toBe(201);

    const res = await own.request('GET', '/api/v1/tasks/all?s=zebra', { token: user.token });
    expect(res.statusCode, res.body).toBe(200);
    const found = res.json() as { id: number; identifier: string; created_by: { username: string } }[];
    expect(found.map((task) => task.identifier)).toEqual(['ZOO-1', 'ZOO-2']);
    expect(found.map((task) => task.created_by.username)).toEqual([`link-share-${shareId}`, 'alone']);
    for (const task of found) {
      const single = await own.request('GET', `/api/v1/tasks/${task.id}`, { token: user.token });
      // Only the task itself carries the caller's subscription.
      expect(task).toEqual({ ...single.json(), subscription: undefined });
    }
    expect(found[1]).toMatchObject({
      labels: [{ title: 'Stripes' }],
      assignees: [{ username: 'alone' }],
      reminders: [{ reminder: '2040-03-01T08:00:00Z' }],
      related_tasks: { related: [{ title: 'Feed the zebra' }] },
    });
  });

  it('keeps a link share’s ranked search to its own project', async () => {
    // The search statement works out the scope itself; for a link share that is its one project.
    const made: Record<string, number> = {};
    for (const [project, title] of [
      ['Barn', 'Paint the silo'],
      ['Farm', 'Silo inspection'],
    ]) {
      const created = (
        await own.request('PUT', '/api/v1/projects', { token: user.token, body: { title: project } })
      ).json();
      made[project] = created.id;
      const res = await own.request('PUT', `/api/v1/projects/${created.id}/tasks`, {
        token: user.token,
        body: { title },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const { token: guest } = await linkShareToken(own, user.token, made.Barn, { name: 'Visitors', right: 0 });
    const seen = async (token: string) => {
      const res = await own.request('GET', '/api/v1/tasks/all?s=silo', { token });
      expect(res.statusCode, res.body).toBe(200);
      return {
        titles: (res.json() as { title: string }[]).map((task) => task.title),
        total: res.headers['x-pagination-result-count'],
      };
    };
    expect(await seen(user.token)).toEqual({ titles: ['Paint the silo', 'Silo inspection'], total: '2' });
    expect(await seen(guest)).toEqual({ titles: ['Paint the silo'], total: '1' });
  });

  it('leaves out a found task whose row is gone by the time the page reads it, with its parts', async () => {
    // Between the search and the page's rows a task can be deleted or moved out of reach; the parts
    // already read for it (its label here) must not land anywhere or fail the page.
    const project = (
      await own.request('PUT', '/api/v1/projects', { token: user.token, body: { title: 'Herd' } })
    ).json();
    const made: { id: number }[] = [];
    for (const title of ['Count the yaks', 'Shear the yaks']) {
      const res = await own.request('PUT', `/api/v1/projects/${project.id}/tasks`, {
        token: user.token,
        body: { title, assignees: [{ id: user.id }] },
      });
      expect(res.statusCode, res.body).toBe(201);
      made.push(res.json());
    }
    const label = (
      await own.request('PUT', '/api/v1/labels', { token: user.token, body: { title: 'Wool' } })
    ).json();
    for (const task of made) {
      await own.request('PUT', `/api/v1/tasks/${task.id}/labels`, {
        token: user.token,
        body: { label_id: label.id },
      });
    }
    const { db, taskDetails } = own.app.ordo;
    const [kept, gone] = made.map((task) => task.id);
    const tasks = await taskDetails.serializeRead(user.id, [gone, kept], () =>
      db.kysely
        .selectFrom('tasks')
        .selectAll()
        .select(sql<string>`''`.as('project_identifier'))
        .where('id', '=', kept)
        .execute(),
    );
    expect(tasks).toHaveLength(1);
    expect(tasks[0]).toMatchObject({
      id: kept,
      title: 'Count the yaks',
      labels: [{ title: 'Wool' }],
      assignees: [{ username: 'alone' }],
      created_by: { username: 'alone' },
    });
  });

  it('puts the task an identifier names first, then the tasks whose text holds it, and pages and counts both', async () => {
    const roof = await projectOf(own, alone(), 'Roof', [], { identifier: 'roof' });
    await newTask(mine, 'Clear the drain', 'after ROOF-1 is done');
    await newTask(roof, 'Replace shingles');
    expect(await page('ROOF-1')).toEqual({
      titles: ['ROOF-1 Replace shingles', '#4 Clear the drain'],
      total: '2',
      pages: '1',
    });
    expect(await page('roof-1', '&per_page=1&page=2')).toEqual({
      titles: ['#4 Clear the drain'],
      total: '1',
      pages: '2',
    });
    expect((await page('ROOF-2')).titles).toEqual([]);
    // Archived, the project's task is out of reach by its identifier too; the text still finds the other.
    await setArchived(roof, 'Roof', true);
    expect((await page('ROOF-1')).titles).toEqual(['#4 Clear the drain']);
    // Unarchived again, so that the account sees every task for the tests after this one.
    await setArchived(roof, 'Roof', false);
  });

  it('looks up the vocabulary with one kept plan on PostgreSQL (migration 0030), in FTS5 on SQLite', async () => {
    const { db } = own.app.ordo;
    if (db.dialect === 'postgres') {
      // A custom plan per pattern meant planning the trigram lookup on every search.
      const { rows } = await sql<{ proconfig: string[] | null }>`SELECT proconfig FROM pg_proc
        WHERE proname = 'ordo_search_terms_holding'`.execute(db.kysely);
      expect(rows).toEqual([{ proconfig: ['plan_cache_mode=force_generic_plan'] }]);
      const held = await sql<{ term: string }>`SELECT term FROM search_terms
        WHERE id IN (SELECT id FROM ordo_search_terms_holding('%gutte%') AS id) ORDER BY term`.execute(
        db.kysely,
      );
      expect(held.rows.map((r) => r.term)).toContain('gutter');
    } else {
      const { rows } = await sql<{ name: string }>`SELECT name FROM sqlite_schema
        WHERE name = 'search_terms_fts'`.execute(db.kysely);
      expect(rows).toEqual([{ name: 'search_terms_fts' }]);
    }
  });

  it('leaves out an archived project: its tasks are outside the scope, though still the account’s', async () => {
    const archived = await projectOf(own, alone(), 'Last year');
    await newTask(archived, 'Gutter from last year');
    await setArchived(archived, 'Last year', true);
    const res = await own.request('GET', '/api/v1/tasks/all?s=gutter', { token: user.token });
    expect((res.json() as { title: string }[]).map((task) => task.title)).toEqual([
      'Fix the gutter',
      'Gutter cleaning tools',
      'Buy paint',
    ]);
    // The count leaves it out too: three pages of one.
    const counted = await own.request('GET', '/api/v1/tasks/all?s=gutter&per_page=1', { token: user.token });
    expect(counted.headers['x-pagination-total-pages']).toBe('3');
  });
});

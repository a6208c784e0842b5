import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from './support/multipart.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let owner: { token: string; id: number };
let stranger: { token: string; id: number };

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp('projowner');
  stranger = await t.signUp('projstranger');
});
afterAll(async () => t.close());

async function create(token: string, body: Record<string, unknown>) {
  const res = await t.request('PUT', '/api/v1/projects', { token, body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

describe('new users', () => {
  it('get an Inbox project that is their default project', async () => {
    const settings = (await t.request('GET', '/api/v1/user', { token: owner.token })).json().settings;
    expect(settings.default_project_id).toBeGreaterThan(0);
    const inbox = await t.request('GET', `/api/v1/projects/${settings.default_project_id}`, {
      token: owner.token,
    });
    expect(inbox.statusCode).toBe(200);
    expect(inbox.json()).toMatchObject({ title: 'Inbox', owner: { id: owner.id, username: 'projowner' } });
  });

  it('cannot delete or archive the default project (3012, 3013)', async () => {
    const id = (await t.request('GET', '/api/v1/user', { token: owner.token })).json().settings
      .default_project_id;
    const del = await t.request('DELETE', `/api/v1/projects/${id}`, { token: owner.token });
    expect(del.statusCode).toBe(412);
    expect(del.json().code).toBe(3012);
    const archive = await t.request('POST', `/api/v1/projects/${id}`, {
      token: owner.token,
      body: { title: 'Inbox', is_archived: true },
    });
    expect(archive.statusCode).toBe(412);
    expect(archive.json().code).toBe(3013);
  });
});

describe('PUT /projects', () => {
  it('creates a project with owner, four default views and a seeded kanban view', async () => {
    const project = await create(owner.token, { title: 'Lorem', hex_color: '#AABBCCDD', identifier: 'lor' });
    expect(project).toMatchObject({
      title: 'Lorem',
      description: '',
      identifier: 'LOR',
      hex_color: 'AABBCC',
      parent_project_id: 0,
      is_archived: false,
      is_favorite: false,
      background_information: null,
      background_blur_hash: '',
      max_right: null,
      owner: { id: owner.id, username: 'projowner', name: '' },
    });
    expect(project.owner.email).toBeUndefined();
    expect(project.tasks).toBeUndefined();
    expect(project.position).toBe(project.id * 65536);
    expect(
      project.views.map((v: { title: string; view_kind: string; position: number }) => [
        v.title,
        v.view_kind,
        v.position,
      ]),
    ).toEqual([
      ['List', 'list', 100],
      ['Gantt', 'gantt', 200],
      ['Table', 'table', 300],
      ['Kanban', 'kanban', 400],
    ]);
    expect(project.views[0].filter).toMatchObject({ filter: 'done = false' });
    const kanban = project.views[3];
    expect(kanban.bucket_configuration_mode).toBe('manual');
    expect(kanban.default_bucket_id).toBeGreaterThan(0);
    expect(kanban.done_bucket_id).toBeGreaterThan(kanban.default_bucket_id);
  });

  it('validates the title (412) and the identifier (3007 when taken, 412 when too long)', async () => {
    const empty = await t.request('PUT', '/api/v1/projects', { token: owner.token, body: { title: '' } });
    expect(empty.statusCode).toBe(412);
    expect(empty.json()).toMatchObject({ code: 2002, invalid_fields: ['title: non zero value required'] });
    const long = await t.request('PUT', '/api/v1/projects', {
      token: owner.token,
      body: { title: 'x'.repeat(251) },
    });
    expect(long.statusCode).toBe(412);
    expect(long.json().invalid_fields[0]).toContain('does not validate as runelength(1|250)');
    const taken = await t.request('PUT', '/api/v1/projects', {
      token: owner.token,
      body: { title: 'Dup', identifier: 'LOR' },
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().code).toBe(3007);
    const tooLong = await t.request('PUT', '/api/v1/projects', {
      token: owner.token,
      body: { title: 'Long id', identifier: 'ABCDEFGHIJK' },
    });
    expect(tooLong.statusCode).toBe(412);
    // Identifiers are unique per owner: another user may use the same one.
    await create(stranger.token, { title: 'Mine', identifier: 'LOR' });
  });

  it('answers 2004 for wrong types', async () => {
    const res = await t.request('PUT', '/api/v1/projects', { token: owner.token, body: { title: 5 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(2004);
  });

  it('checks the parent: missing 3001, pseudo 3009, foreign 403', async () => {
    const missing = await t.request('PUT', '/api/v1/projects', {
      token: owner.token,
      body: { title: 'c', parent_project_id: 99999 },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe(3001);
    const pseudo = await t.request('PUT', '/api/v1/projects', {
      token: owner.token,
      body: { title: 'c', parent_project_id: -1 },
    });
    expect(pseudo.statusCode).toBe(412);
    expect(pseudo.json().code).toBe(3009);
    const parent = await create(owner.token, { title: 'Parent' });
    const foreign = await t.request('PUT', '/api/v1/projects', {
      token: stranger.token,
      body: { title: 'c', parent_project_id: parent.id },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ code: 0, message: 'Forbidden' });
    const child = await create(owner.token, { title: 'Child', parent_project_id: parent.id });
    expect(child.parent_project_id).toBe(parent.id);
  });
});

describe('GET /projects/:id', () => {
  it('sends the max right headers to the owner', async () => {
    const project = await create(owner.token, { title: 'Readable' });
    const res = await t.request('GET', `/api/v1/projects/${project.id}`, { token: owner.token });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-max-right']).toBe('2');
    expect(res.headers['x-max-permission']).toBe('2');
    expect(res.json().title).toBe('Readable');
  });

  it('answers 403 without data or headers to a stranger, 3001 for a missing project', async () => {
    const project = await create(owner.token, { title: 'Private' });
    const res = await t.request('GET', `/api/v1/projects/${project.id}`, { token: stranger.token });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 0, message: "You don't have the right to see this" });
    expect(res.headers['x-max-right']).toBeUndefined();
    const missing = await t.request('GET', '/api/v1/projects/99999', { token: owner.token });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().code).toBe(3001);
  });

  it('gives the owner of an ancestor admin on the descendants', async () => {
    const root = await create(owner.token, { title: 'Root' });
    const mid = await create(owner.token, { title: 'Mid', parent_project_id: root.id });
    const leaf = await create(owner.token, { title: 'Leaf', parent_project_id: mid.id });
    const res = await t.request('GET', `/api/v1/projects/${leaf.id}`, { token: owner.token });
    expect(res.headers['x-max-right']).toBe('2');
  });
});

describe('GET /projects', () => {
  let user: { token: string; id: number };
  beforeAll(async () => {
    user = await t.signUp('lister');
    for (const title of ['Alpha', 'Beta', 'Gamma'])
      await create(user.token, { title, description: `about ${title}` });
  });

  it('lists only visible projects, ordered by position, with owner and views', async () => {
    const res = await t.request('GET', '/api/v1/projects', { token: user.token });
    expect(res.statusCode).toBe(200);
    const titles = res.json().map((p: { title: string }) => p.title);
    // Real projects, then the saved filter every new user gets (a pseudo project, id below -1).
    expect(titles).toEqual(['Inbox', 'Alpha', 'Beta', 'Gamma', 'My Open Tasks']);
    expect(res.json()[4].id).toBeLessThan(-1);
    expect(res.json()[1].owner.id).toBe(user.id);
    expect(res.json()[1].views).toHaveLength(4);
    expect(res.json()[1].max_right).toBeNull();
    expect(res.headers['x-pagination-result-count']).toBe('5');
    expect(res.headers['x-pagination-total-pages']).toBe('1');
  });

  it('pages, searches and expands rights', async () => {
    const page = await t.request('GET', '/api/v1/projects?per_page=2&page=2', { token: user.token });
    expect(page.json().map((p: { title: string }) => p.title)).toEqual(['Beta', 'Gamma']);
    expect(page.headers['x-pagination-total-pages']).toBe('2');
    const search = await t.request('GET', '/api/v1/projects?s=GAM', { token: user.token });
    expect(search.json().map((p: { title: string }) => p.title)).toEqual(['Gamma']);
    const byDescription = await t.request('GET', '/api/v1/projects?s=about%20beta', { token: user.token });
    expect(byDescription.json().map((p: { title: string }) => p.title)).toEqual(['Beta']);
    const all = (await t.request('GET', '/api/v1/projects', { token: user.token })).json();
    const byIds = await t.request('GET', `/api/v1/projects?s=${all[1].id},${all[3].id}`, {
      token: user.token,
    });
    expect(byIds.json().map((p: { title: string }) => p.title)).toEqual(['Alpha', 'Gamma']);
    const wildcard = await t.request('GET', '/api/v1/projects?s=%25', { token: user.token });
    expect(wildcard.json()).toEqual([]);
    const rights = await t.request('GET', '/api/v1/projects?expand=rights', { token: user.token });
    expect(rights.json().every((p: { max_right: number }) => p.max_right === 2)).toBe(true);
  });

  it('hides archived projects unless is_archived=true', async () => {
    const archived = await create(user.token, { title: 'Old' });
    await t.request('POST', `/api/v1/projects/${archived.id}`, {
      token: user.token,
      body: { title: 'Old', is_archived: true },
    });
    const normal = await t.request('GET', '/api/v1/projects', { token: user.token });
    expect(normal.json().some((p: { id: number }) => p.id === archived.id)).toBe(false);
    const all = await t.request('GET', '/api/v1/projects?is_archived=true', { token: user.token });
    expect(all.json().find((p: { id: number }) => p.id === archived.id)?.is_archived).toBe(true);
  });

  it('never shows another user projects', async () => {
    const res = await t.request('GET', '/api/v1/projects', { token: stranger.token });
    expect(res.json().some((p: { owner: { id: number } }) => p.owner.id !== stranger.id)).toBe(false);
  });
});

describe('POST /projects/:id', () => {
  it('replaces title, identifier, colour and position but keeps an empty description', async () => {
    const project = await create(owner.token, { title: 'Before', description: 'Lorem Ipsum' });
    const res = await t.request('POST', `/api/v1/projects/${project.id}`, {
      token: owner.token,
      body: { title: 'TestLoremIpsum', hex_color: 'ff0000', position: 12345, identifier: 'abc' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      title: 'TestLoremIpsum',
      description: 'Lorem Ipsum',
      hex_color: 'ff0000',
      position: 12345,
      identifier: 'ABC',
    });
    const withDescription = await t.request('POST', `/api/v1/projects/${project.id}`, {
      token: owner.token,
      body: { title: 'TestLoremIpsum', description: 'New', position: 12345 },
    });
    expect(withDescription.json().description).toBe('New');
    expect(withDescription.json().identifier).toBe('');
  });

  it('rejects an empty title with 412 and strangers with 403 Forbidden', async () => {
    const project = await create(owner.token, { title: 'Guarded' });
    const empty = await t.request('POST', `/api/v1/projects/${project.id}`, {
      token: owner.token,
      body: { title: '' },
    });
    expect(empty.statusCode).toBe(412);
    const foreign = await t.request('POST', `/api/v1/projects/${project.id}`, {
      token: stranger.token,
      body: { title: 'Mine' },
    });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({ code: 0, message: 'Forbidden' });
    const after = await t.request('GET', `/api/v1/projects/${project.id}`, { token: owner.token });
    expect(after.json().title).toBe('Guarded');
  });

  it('toggles the per-user favourite flag', async () => {
    const project = await create(owner.token, { title: 'Fav', is_favorite: true });
    expect(project.is_favorite).toBe(true);
    const res = await t.request('POST', `/api/v1/projects/${project.id}`, {
      token: owner.token,
      body: { title: 'Fav', position: project.position },
    });
    expect(res.json().is_favorite).toBe(false);
  });

  it('moves projects and rejects itself (3010), cycles (3011) and pseudo parents (3009)', async () => {
    const a = await create(owner.token, { title: 'A' });
    const b = await create(owner.token, { title: 'B', parent_project_id: a.id });
    const moved = await t.request('POST', `/api/v1/projects/${b.id}`, {
      token: owner.token,
      body: { title: 'B', parent_project_id: 0, position: b.position },
    });
    expect(moved.json().parent_project_id).toBe(0);
    await t.request('POST', `/api/v1/projects/${b.id}`, {
      token: owner.token,
      body: { title: 'B', parent_project_id: a.id, position: b.position },
    });
    const kept = await t.request('POST', `/api/v1/projects/${b.id}`, {
      token: owner.token,
      body: { title: 'B2', position: 1 },
    });
    expect(kept.json().parent_project_id).toBe(a.id);
    const self = await t.request('POST', `/api/v1/projects/${a.id}`, {
      token: owner.token,
      body: { title: 'A', parent_project_id: a.id },
    });
    expect(self.json().code).toBe(3010);
    const cycle = await t.request('POST', `/api/v1/projects/${a.id}`, {
      token: owner.token,
      body: { title: 'A', parent_project_id: b.id },
    });
    expect(cycle.json().code).toBe(3011);
    const pseudo = await t.request('POST', `/api/v1/projects/${a.id}`, {
      token: owner.token,
      body: { title: 'A', parent_project_id: -5 },
    });
    expect(pseudo.json().code).toBe(3009);
  });

  it('re-spreads the siblings when a position falls below 0.1', async () => {
    const user = await t.signUp('spreader');
    const one = await create(user.token, { title: 'One' });
    const two = await create(user.token, { title: 'Two' });
    await t.request('POST', `/api/v1/projects/${two.id}`, {
      token: user.token,
      body: { title: 'Two', position: 0 },
    });
    const list = (await t.request('GET', '/api/v1/projects', { token: user.token })).json();
    expect(list[0].id).toBe(two.id);
    const positions = list.map((p: { position: number }) => p.position);
    expect(positions.every((p: number) => p >= 1)).toBe(true);
    expect(list.map((p: { id: number }) => p.id)).toContain(one.id);
  });
});

describe('archiving', () => {
  it('cascades to children, blocks writes with 3008 and un-archiving below an archived parent with 3016', async () => {
    const parent = await create(owner.token, { title: 'ArchParent' });
    const child = await create(owner.token, { title: 'ArchChild', parent_project_id: parent.id });
    const archived = await t.request('POST', `/api/v1/projects/${parent.id}`, {
      token: owner.token,
      body: { title: 'ArchParent', is_archived: true },
    });
    expect(archived.json().is_archived).toBe(true);
    const childNow = (await t.request('GET', `/api/v1/projects/${child.id}`, { token: owner.token })).json();
    expect(childNow.is_archived).toBe(true);
    const edit = await t.request('POST', `/api/v1/projects/${child.id}`, {
      token: owner.token,
      body: { title: 'x', is_archived: true },
    });
    expect(edit.statusCode).toBe(412);
    expect(edit.json().code).toBe(3008);
    const unarchiveChild = await t.request('POST', `/api/v1/projects/${child.id}`, {
      token: owner.token,
      body: { title: 'ArchChild', is_archived: false },
    });
    expect(unarchiveChild.json().code).toBe(3016);
    const newChild = await t.request('PUT', '/api/v1/projects', {
      token: owner.token,
      body: { title: 'late', parent_project_id: parent.id },
    });
    expect(newChild.json().code).toBe(3008);
    const newView = await t.request('PUT', `/api/v1/projects/${parent.id}/views`, {
      token: owner.token,
      body: { title: 'v' },
    });
    expect(newView.json().code).toBe(3008);
    const unarchive = await t.request('POST', `/api/v1/projects/${parent.id}`, {
      token: owner.token,
      body: { title: 'ArchParent', is_archived: false },
    });
    expect(unarchive.statusCode).toBe(200);
    expect(unarchive.json().is_archived).toBe(false);
    const childAfter = (
      await t.request('GET', `/api/v1/projects/${child.id}`, { token: owner.token })
    ).json();
    expect(childAfter.is_archived).toBe(false);
  });
});

describe('DELETE /projects/:id', () => {
  it('deletes the project and its children; strangers get 403, missing 3001', async () => {
    const parent = await create(owner.token, { title: 'Doomed' });
    const child = await create(owner.token, { title: 'DoomedChild', parent_project_id: parent.id });
    const foreign = await t.request('DELETE', `/api/v1/projects/${parent.id}`, { token: stranger.token });
    expect(foreign.statusCode).toBe(403);
    const res = await t.request('DELETE', `/api/v1/projects/${parent.id}`, { token: owner.token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Successfully deleted.' });
    for (const id of [parent.id, child.id]) {
      const gone = await t.request('GET', `/api/v1/projects/${id}`, { token: owner.token });
      expect(gone.json().code).toBe(3001);
    }
    const missing = await t.request('DELETE', '/api/v1/projects/99999', { token: owner.token });
    expect(missing.json().code).toBe(3001);
  });
});

describe('duplicating', () => {
  it('copies the project with " - duplicate", no identifier, views and buckets, owned by the duplicator', async () => {
    const source = await create(owner.token, { title: 'Source', identifier: 'SRC', description: 'd' });
    const res = await t.request('POST', `/api/v1/projects/${source.id}/duplicate`, {
      token: owner.token,
      body: {},
    });
    expect(res.statusCode).toBe(201);
    const copy = res.json().duplicated_project;
    expect(copy).toMatchObject({
      title: 'Source - duplicate',
      identifier: '',
      description: 'd',
      parent_project_id: 0,
    });
    expect(copy.id).not.toBe(source.id);
    expect(copy.views.map((v: { title: string }) => v.title)).toEqual(['List', 'Gantt', 'Table', 'Kanban']);
    expect(copy.views[3].default_bucket_id).not.toBe(source.views[3].default_bucket_id);
    expect(copy.views[3].default_bucket_id).toBeGreaterThan(0);
    const read = await t.request('GET', `/api/v1/projects/${copy.id}`, { token: owner.token });
    expect(read.headers['x-max-right']).toBe('2');
  });

  it('copies tasks with their labels, positions and buckets', async () => {
    const source = await create(owner.token, { title: 'With tasks', identifier: 'WT' });
    const label = (
      await t.request('PUT', '/api/v1/labels', { token: owner.token, body: { title: 'copied' } })
    ).json();
    const open = (
      await t.request('PUT', `/api/v1/projects/${source.id}/tasks`, {
        token: owner.token,
        body: { title: 'open' },
      })
    ).json();
    await t.request('PUT', `/api/v1/projects/${source.id}/tasks`, {
      token: owner.token,
      body: { title: 'closed', done: true },
    });
    await t.request('PUT', `/api/v1/tasks/${open.id}/labels`, {
      token: owner.token,
      body: { label_id: label.id },
    });
    const copy = (
      await t.request('PUT', `/api/v1/projects/${source.id}/duplicate`, { token: owner.token, body: {} })
    ).json().duplicated_project;
    const tasks = (
      await t.request('GET', `/api/v1/projects/${copy.id}/tasks`, { token: owner.token })
    ).json();
    expect(tasks.map((x: { title: string; index: number }) => [x.title, x.index])).toEqual([
      ['open', 1],
      ['closed', 2],
    ]);
    expect(tasks[0].id).not.toBe(open.id);
    expect(tasks[0].identifier).toBe('#1');
    expect(tasks[0].labels.map((l: { id: number }) => l.id)).toEqual([label.id]);
    const kanban = copy.views.find((v: { view_kind: string }) => v.view_kind === 'kanban');
    const board = (
      await t.request('GET', `/api/v1/projects/${copy.id}/views/${kanban.id}/tasks`, { token: owner.token })
    ).json();
    expect(
      board
        .find((b: { id: number }) => b.id === kanban.done_bucket_id)
        .tasks.map((x: { title: string }) => x.title),
    ).toEqual(['closed']);
    const sourceTasks = (
      await t.request('GET', `/api/v1/projects/${source.id}/tasks`, { token: owner.token })
    ).json();
    expect(sourceTasks).toHaveLength(2);
  });

  it('copies assignees, reminders and the relations among the tasks; outside relations stay behind', async () => {
    const source = await create(owner.token, { title: 'Planned' });
    const elsewhere = await create(owner.token, { title: 'Elsewhere' });
    const put = async (projectId: number, body: Record<string, unknown>) =>
      (await t.request('PUT', `/api/v1/projects/${projectId}/tasks`, { token: owner.token, body })).json();
    const parent = await put(source.id, {
      title: 'parent',
      due_date: '2030-05-01T12:00:00Z',
      reminders: [{ relative_to: 'due_date', relative_period: -3600 }, { reminder: '2030-04-01T08:00:00Z' }],
    });
    const child = await put(source.id, { title: 'child' });
    const outside = await put(elsewhere.id, { title: 'outside' });
    const assign = await t.request('PUT', `/api/v1/tasks/${parent.id}/assignees`, {
      token: owner.token,
      body: { user_id: owner.id },
    });
    expect(assign.statusCode).toBe(201);
    for (const [other, kind] of [
      [child.id, 'subtask'],
      [outside.id, 'related'],
    ] as const) {
      const related = await t.request('PUT', `/api/v1/tasks/${parent.id}/relations`, {
        token: owner.token,
        body: { other_task_id: other, relation_kind: kind },
      });
      expect(related.statusCode).toBe(201);
    }
    const copy = (
      await t.request('PUT', `/api/v1/projects/${source.id}/duplicate`, { token: owner.token, body: {} })
    ).json().duplicated_project;
    const tasks = (
      await t.request('GET', `/api/v1/projects/${copy.id}/tasks`, { token: owner.token })
    ).json();
    const [copiedParent, copiedChild] = tasks;
    expect(copiedParent.title).toBe('parent');
    expect(copiedParent.assignees.map((a: { id: number }) => a.id)).toEqual([owner.id]);
    expect(copiedParent.reminders).toEqual([
      { reminder: '2030-04-01T08:00:00Z', relative_period: 0, relative_to: '' },
      { reminder: '2030-05-01T11:00:00Z', relative_period: -3600, relative_to: 'due_date' },
    ]);
    expect(copiedParent.cover_image_attachment_id).toBe(0);
    expect(copiedParent.related_tasks.subtask.map((x: { id: number }) => x.id)).toEqual([copiedChild.id]);
    expect(copiedParent.related_tasks.related).toBeUndefined();
    expect(copiedChild.related_tasks.parenttask.map((x: { id: number }) => x.id)).toEqual([copiedParent.id]);
    // The task elsewhere keeps its one relation, to the original.
    const outsideNow = (await t.request('GET', `/api/v1/tasks/${outside.id}`, { token: owner.token })).json();
    expect(outsideNow.related_tasks.related.map((x: { id: number }) => x.id)).toEqual([parent.id]);
  });

  it("copies attachments with their own bytes and points the copies' covers at them", async () => {
    const source = await create(owner.token, { title: 'WithFiles' });
    const task = (
      await t.request('PUT', `/api/v1/projects/${source.id}/tasks`, {
        token: owner.token,
        body: { title: 'has files' },
      })
    ).json();
    const uploaded: { id: number }[] = [];
    for (const [name, data] of [
      ['a.txt', 'first file'],
      ['b.txt', 'second file'],
    ]) {
      const { body, contentType } = multipart([{ name, type: 'text/plain', data }]);
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/tasks/${task.id}/attachments`,
        headers: { authorization: `Bearer ${owner.token}`, 'content-type': contentType },
        payload: body,
      });
      expect(res.statusCode, res.body).toBe(200);
      uploaded.push(res.json().success[0]);
    }
    const covered = await t.request('POST', `/api/v1/tasks/${task.id}`, {
      token: owner.token,
      body: { ...task, cover_image_attachment_id: uploaded[1]!.id },
    });
    expect(covered.statusCode, covered.body).toBe(200);

    const copy = (
      await t.request('PUT', `/api/v1/projects/${source.id}/duplicate`, { token: owner.token, body: {} })
    ).json().duplicated_project;
    const [copiedTask] = (
      await t.request('GET', `/api/v1/projects/${copy.id}/tasks`, { token: owner.token })
    ).json();
    const copied = (
      await t.request('GET', `/api/v1/tasks/${copiedTask.id}/attachments`, { token: owner.token })
    ).json() as { id: number; file: { name: string } }[];
    expect(copied.map((a) => a.file.name)).toEqual(['a.txt', 'b.txt']);
    expect(copied.map((a) => a.id)).not.toContain(uploaded[0]!.id);
    expect(copiedTask.cover_image_attachment_id).toBe(copied[1]!.id);
    // The copies have their own bytes: deleting the original's file leaves the copy readable.
    await t.request('DELETE', `/api/v1/tasks/${task.id}/attachments/${uploaded[1]!.id}`, {
      token: owner.token,
    });
    const bytes = await t.request('GET', `/api/v1/tasks/${copiedTask.id}/attachments/${copied[1]!.id}`, {
      token: owner.token,
    });
    expect(bytes.statusCode).toBe(200);
    expect(bytes.body).toBe('second file');
  });

  it('refuses strangers', async () => {
    const source = await create(owner.token, { title: 'NoCopy' });
    const res = await t.request('PUT', `/api/v1/projects/${source.id}/duplicate`, {
      token: stranger.token,
      body: {},
    });
    expect(res.statusCode).toBe(403);
  });
});

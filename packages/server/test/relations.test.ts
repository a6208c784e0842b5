import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SharedProject, sharedProject } from './support/shared-project.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let p: SharedProject;

beforeAll(async () => {
  t = await createTestApp();
  p = await sharedProject(t, 'rel');
});
afterAll(async () => t.close());

const relate = (taskId: number, otherTaskId: number, kind: string, token = p.owner.token) =>
  t.request('PUT', `/api/v1/tasks/${taskId}/relations`, {
    token,
    body: { other_task_id: otherTaskId, relation_kind: kind },
  });

const read = async (id: number, token = p.owner.token) =>
  (await t.request('GET', `/api/v1/tasks/${id}`, { token })).json();

const idsOf = (tasks: { id: number }[] | undefined) => (tasks ?? []).map((x) => x.id);

describe('task relations', () => {
  it('creates a relation with its inverse and shows both grouped by kind', async () => {
    const parent = await p.task('Parent');
    const child = await p.task('Child');
    expect(parent.related_tasks).toEqual({});
    const res = await relate(parent.id, child.id, 'subtask');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      task_id: parent.id,
      other_task_id: child.id,
      relation_kind: 'subtask',
      created_by: expect.objectContaining({ id: p.owner.id }),
      created: expect.any(String),
    });
    const parentRead = await read(parent.id);
    expect(idsOf(parentRead.related_tasks.subtask)).toEqual([child.id]);
    expect(parentRead.related_tasks.subtask[0]).toMatchObject({ title: 'Child', related_tasks: null });
    expect(idsOf((await read(child.id)).related_tasks.parenttask)).toEqual([parent.id]);
  });

  it('creates every kind with its inverse', async () => {
    const inverses: Record<string, string> = {
      related: 'related',
      duplicateof: 'duplicates',
      duplicates: 'duplicateof',
      blocking: 'blocked',
      blocked: 'blocking',
      precedes: 'follows',
      follows: 'precedes',
      copiedfrom: 'copiedto',
      copiedto: 'copiedfrom',
      parenttask: 'subtask',
    };
    for (const [kind, inverse] of Object.entries(inverses)) {
      const a = await p.task(`A ${kind}`);
      const b = await p.task(`B ${kind}`);
      expect((await relate(a.id, b.id, kind)).statusCode).toBe(201);
      expect(idsOf((await read(a.id)).related_tasks[kind])).toEqual([b.id]);
      expect(idsOf((await read(b.id)).related_tasks[inverse])).toEqual([a.id]);
    }
  });

  it('refuses bad kinds (4007), itself (4010), duplicates (4008) and cycles (4023)', async () => {
    const a = await p.task('A');
    const b = await p.task('B');
    const c = await p.task('C');
    const bad = await relate(a.id, b.id, 'unknown');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe(4007);
    const self = await relate(a.id, a.id, 'related');
    expect(self.statusCode).toBe(400);
    expect(self.json().code).toBe(4010);
    expect((await relate(a.id, b.id, 'subtask')).statusCode).toBe(201);
    const again = await relate(a.id, b.id, 'subtask');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe(4008);
    const inverseAgain = await relate(b.id, a.id, 'parenttask');
    expect(inverseAgain.json().code).toBe(4008);
    expect((await relate(b.id, c.id, 'subtask')).statusCode).toBe(201);
    const cycle = await relate(c.id, a.id, 'subtask');
    expect(cycle.statusCode).toBe(409);
    expect(cycle.json().code).toBe(4023);
    const parentCycle = await relate(a.id, c.id, 'parenttask');
    expect(parentCycle.json().code).toBe(4023);
    const missing = await relate(999999, a.id, 'related');
    expect(missing.json().code).toBe(4002);
  });

  it('deletes both directions; a missing relation answers 4009', async () => {
    const a = await p.task('A');
    const b = await p.task('B');
    await relate(a.id, b.id, 'blocking');
    const del = await t.request('DELETE', `/api/v1/tasks/${a.id}/relations/blocking/${b.id}`, {
      token: p.owner.token,
    });
    expect(del.json()).toEqual({ message: 'Successfully deleted.' });
    expect((await read(a.id)).related_tasks).toEqual({});
    expect((await read(b.id)).related_tasks).toEqual({});
    const again = await t.request('DELETE', `/api/v1/tasks/${a.id}/relations/blocking/${b.id}`, {
      token: p.owner.token,
    });
    expect(again.statusCode).toBe(404);
    expect(again.json().code).toBe(4009);
    const badKind = await t.request('DELETE', `/api/v1/tasks/${a.id}/relations/nonsense/${b.id}`, {
      token: p.owner.token,
    });
    expect(badKind.json().code).toBe(4007);
  });

  it('needs write on the base task and read on the other; hides tasks the caller cannot read', async () => {
    const a = await p.task('A');
    const b = await p.task('B');
    expect((await relate(a.id, b.id, 'related', p.reader.token)).statusCode).toBe(403);
    expect((await relate(a.id, b.id, 'related', p.stranger.token)).statusCode).toBe(403);
    expect((await relate(a.id, b.id, 'related', p.writer.token)).statusCode).toBe(201);
    const readerDelete = await t.request('DELETE', `/api/v1/tasks/${a.id}/relations/related/${b.id}`, {
      token: p.reader.token,
    });
    expect(readerDelete.statusCode).toBe(403);

    // A task in the stranger's own project: the owner cannot relate to it, and the stranger's
    // relation to the owner's task is refused too.
    const own = (
      await t.request('PUT', '/api/v1/projects', { token: p.stranger.token, body: { title: 'Mine' } })
    ).json();
    const hidden = (
      await t.request('PUT', `/api/v1/projects/${own.id}/tasks`, {
        token: p.stranger.token,
        body: { title: 'Hidden' },
      })
    ).json();
    expect((await relate(a.id, hidden.id, 'related')).statusCode).toBe(403);
    expect((await relate(hidden.id, a.id, 'related', p.stranger.token)).statusCode).toBe(403);

    // Shared into the stranger's project with read access: the reader of p sees only what it can read.
    const share = await t.request('PUT', `/api/v1/projects/${own.id}/users`, {
      token: p.stranger.token,
      body: { username: p.owner.username, right: 0 },
    });
    expect(share.statusCode).toBe(201);
    expect((await relate(a.id, hidden.id, 'related')).statusCode).toBe(201);
    expect(idsOf((await read(a.id)).related_tasks.related)).toContain(hidden.id);
    const readerView = await read(a.id, p.reader.token);
    expect(idsOf(readerView.related_tasks.related)).not.toContain(hidden.id);
    expect(JSON.stringify(readerView)).not.toContain('Hidden');
  });

  it('expand=subtasks lists only top-level tasks and appends their subtasks after the page', async () => {
    const own = (
      await t.request('PUT', '/api/v1/projects', { token: p.owner.token, body: { title: 'Tree' } })
    ).json();
    const make = async (title: string) =>
      (
        await t.request('PUT', `/api/v1/projects/${own.id}/tasks`, { token: p.owner.token, body: { title } })
      ).json();
    const root = await make('Root');
    const child = await make('Child');
    const grandchild = await make('Grandchild');
    const loose = await make('Loose');
    await relate(root.id, child.id, 'subtask');
    await relate(child.id, grandchild.id, 'subtask');
    const res = await t.request('GET', `/api/v1/projects/${own.id}/tasks?expand=subtasks&per_page=1`, {
      token: p.owner.token,
    });
    expect(res.statusCode, res.body).toBe(200);
    // Page 1 of the two top-level tasks, then Root's subtasks at every depth.
    expect(idsOf(res.json())).toEqual([root.id, child.id, grandchild.id]);
    expect(res.headers['x-pagination-total-pages']).toBe('2');
    const second = await t.request(
      'GET',
      `/api/v1/projects/${own.id}/tasks?expand=subtasks&per_page=1&page=2`,
      {
        token: p.owner.token,
      },
    );
    expect(idsOf(second.json())).toEqual([loose.id]);
    const plain = await t.request('GET', `/api/v1/projects/${own.id}/tasks`, { token: p.owner.token });
    expect(idsOf(plain.json())).toEqual([root.id, child.id, grandchild.id, loose.id]);
  });
});

describe("a list view's top-level tasks (expand=subtasks) and their total", () => {
  interface Listed {
    id: number;
    project_id: number;
    done: boolean;
    related_tasks: { parenttask?: { id: number; project_id: number }[] } | null;
  }
  let home: number;
  let away: number;
  let listView: number;

  const makeProject = async (title: string) => {
    const res = await t.request('PUT', '/api/v1/projects', { token: p.owner.token, body: { title } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: number; views: { id: number; view_kind: string }[] };
  };
  const make = async (title: string) =>
    (
      await t.request('PUT', `/api/v1/projects/${home}/tasks`, { token: p.owner.token, body: { title } })
    ).json() as { id: number };
  const update = async (id: number, changes: Record<string, unknown>) => {
    const current = await read(id);
    const res = await t.request('POST', `/api/v1/tasks/${id}`, {
      token: p.owner.token,
      body: { ...current, ...changes },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const listViewPage = (query: string) =>
    t.request('GET', `/api/v1/projects/${home}/views/${listView}/tasks?expand[]=subtasks&${query}`, {
      token: p.owner.token,
    });

  /**
   * What the list view must show, worked out from every task of the project and its parents: the
   * open tasks without a parent in the project. Then the list view's page of all of them and its
   * total (pages of one task) must agree with it.
   */
  async function expectTopLevel(titleOfStep: string) {
    const all = await t.request('GET', `/api/v1/projects/${home}/tasks?per_page=100`, {
      token: p.owner.token,
    });
    const expected = (all.json() as Listed[])
      .filter(
        (x) => !x.done && !(x.related_tasks?.parenttask ?? []).some((parent) => parent.project_id === home),
      )
      .map((x) => x.id)
      .sort((a, b) => a - b);
    const page = await listViewPage('per_page=50');
    expect(page.statusCode, page.body).toBe(200);
    const onPage = (page.json() as Listed[])
      .filter((x) => !(x.related_tasks?.parenttask ?? []).some((parent) => parent.project_id === home))
      .map((x) => x.id);
    expect(
      [...onPage].sort((a, b) => a - b),
      titleOfStep,
    ).toEqual(expected);
    const ones = await listViewPage('per_page=1');
    expect(Number(ones.headers['x-pagination-total-pages']), titleOfStep).toBe(expected.length);
    return expected.length;
  }

  beforeAll(async () => {
    const project = await makeProject('Top level');
    home = project.id;
    listView = project.views.find((v) => v.view_kind === 'list')!.id;
    away = (await makeProject('Elsewhere')).id;
  });

  it('follows relations made and removed, tasks done, moved, deleted and restored', async () => {
    const root = await make('Root');
    const child = await make('Child');
    const second = await make('Second child');
    const grandchild = await make('Grandchild');
    const other = await make('Other parent');
    expect(await expectTopLevel('five loose tasks')).toBe(5);

    expect((await relate(root.id, child.id, 'subtask')).statusCode).toBe(201);
    expect((await relate(root.id, second.id, 'subtask')).statusCode).toBe(201);
    expect((await relate(child.id, grandchild.id, 'subtask')).statusCode).toBe(201);
    expect(await expectTopLevel('three subtasks')).toBe(2);
    // A second parent, made from the child's side.
    expect((await relate(second.id, other.id, 'parenttask')).statusCode).toBe(201);
    expect(await expectTopLevel('a second parent')).toBe(2);
    // A parent elsewhere does not hide a task from this project's list.
    const outside = (
      await t.request('PUT', `/api/v1/projects/${away}/tasks`, {
        token: p.owner.token,
        body: { title: 'Outside' },
      })
    ).json() as { id: number };
    expect((await relate(outside.id, other.id, 'subtask')).statusCode).toBe(201);
    expect(await expectTopLevel('a parent in another project')).toBe(2);

    await update(root.id, { done: true });
    expect(await expectTopLevel('the root done')).toBe(1);
    await update(root.id, { done: false });
    await update(child.id, { done: true });
    expect(await expectTopLevel('a subtask done')).toBe(2);
    await update(child.id, { done: false });

    // The parent moves away: its subtasks stand alone here; it comes back, they are hidden again.
    await update(root.id, { project_id: away });
    expect(await expectTopLevel('the root moved away')).toBe(2);
    await update(root.id, { project_id: home });
    expect(await expectTopLevel('the root moved back')).toBe(2);
    // A subtask moves away: its own subtask stands alone here.
    await update(child.id, { project_id: away });
    expect(await expectTopLevel('a middle task moved away')).toBe(3);
    await update(child.id, { project_id: home });
    expect(await expectTopLevel('the middle task moved back')).toBe(2);

    const unrelate = await t.request('DELETE', `/api/v1/tasks/${root.id}/relations/subtask/${child.id}`, {
      token: p.owner.token,
    });
    expect(unrelate.statusCode, unrelate.body).toBe(200);
    expect(await expectTopLevel('a relation removed')).toBe(3);

    // Deleting a parent frees its subtasks (the second child keeps its other parent); restoring
    // it from the trash brings it back, and hides them again.
    const deleted = await t.request('DELETE', `/api/v1/tasks/${root.id}`, { token: p.owner.token });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await expectTopLevel('the root deleted')).toBe(2);
    const trash = (await t.request('GET', '/api/v1/trash', { token: p.owner.token })).json() as {
      id: number;
      item_id: number;
    }[];
    const entry = trash.find((e) => e.item_id === root.id)!;
    const restored = await t.request('POST', `/api/v1/trash/${entry.id}/restore`, { token: p.owner.token });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(await expectTopLevel('the root restored')).toBe(3);
    // A deleted subtask leaves the count with its relations.
    expect(
      (await t.request('DELETE', `/api/v1/tasks/${grandchild.id}`, { token: p.owner.token })).statusCode,
    ).toBe(200);
    expect(await expectTopLevel('a subtask deleted')).toBe(3);
  });
});

/**
 * Deleted projects in the trash: a deleted project (with its sub-projects) is gone from every
 * Vikunja answer and from its link shares, listed for its owner and whoever deleted it, and
 * restored whole: ids, views, buckets, tasks with their parts and files, shares, favourites, and
 * the tasks that were already in the trash.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueTables, foreignKeys } from '../src/cli/database-tables.js';
import { AccountRemoval } from '../src/modules/account/account-removal.js';
import { createFileStore } from '../src/modules/attachments/files/store.js';
import { removeExpiredTrash } from '../src/modules/trash/expiry.js';
import { PROJECT_PARTS, PROJECT_TABLES_NOT_KEPT } from '../src/modules/trash/project-snapshot-repo.js';
import { multipart } from './support/multipart.js';
import { createTestApp, type TestApp, testDialect } from './support/test-app.js';

let t: TestApp;
let owner: { token: string; id: number };
let admin: { token: string; id: number };
let writer: { token: string; id: number };
let stranger: { token: string; id: number };

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp('ptowner');
  admin = await t.signUp('ptadmin');
  writer = await t.signUp('ptwriter');
  stranger = await t.signUp('ptstranger');
});
afterAll(async () => t.close());

interface Entry {
  id: number;
  kind: string;
  item_id: number;
  title: string;
  project_id: number | null;
  project_title: string | null;
}

async function trashOf(token: string): Promise<Entry[]> {
  const res = await t.request('GET', '/api/v1/trash', { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function projectEntry(projectId: number, token = owner.token): Promise<Entry> {
  const entry = (await trashOf(token)).find((e) => e.kind === 'project' && e.item_id === projectId);
  expect(entry, `project ${projectId} in the trash`).toBeDefined();
  return entry as Entry;
}

async function call(method: string, url: string, token: string, body?: unknown) {
  return t.request(method as 'GET', `/api/v1${url}`, { token, body: body as Record<string, unknown> });
}

async function created(method: string, url: string, token: string, body?: unknown) {
  const res = await call(method, url, token, body);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json();
}

async function share(projectId: number, username: string, right: number) {
  await created('PUT', `/projects/${projectId}/users`, owner.token, { username, right });
}

function upload(taskId: number, name: string, data: string) {
  const { body, contentType } = multipart([{ name, type: 'text/plain', data }]);
  return t.app.inject({
    method: 'PUT',
    url: `/api/v1/tasks/${taskId}/attachments`,
    headers: { authorization: `Bearer ${owner.token}`, 'content-type': contentType },
    payload: body,
  });
}

describe('project trash', () => {
  it('keeps every table that hangs off a project, view or bucket, or says why not', async () => {
    const db = t.app.ordo.db.kysely;
    const tables = await catalogueTables(db, testDialect);
    const referencing = (await foreignKeys(db, testDialect, tables))
      .filter((k) => ['projects', 'project_views', 'buckets'].includes(k.referencedTable))
      .map((k) => k.table)
      .filter((table) => table !== 'projects');
    expect(referencing).toContain('link_shares');
    const covered = new Set([...PROJECT_PARTS.map((part) => part.table), ...PROJECT_TABLES_NOT_KEPT]);
    expect(referencing.filter((table) => !covered.has(table))).toEqual([]);
  });

  it('restores a deleted project whole: sub-projects, views, buckets, tasks, files, shares', async () => {
    const garden = await created('PUT', '/projects', owner.token, { title: 'Garden', identifier: 'GDN' });
    const beds = await created('PUT', '/projects', owner.token, {
      title: 'Beds',
      parent_project_id: garden.id,
    });
    await share(garden.id, 'ptwriter', 1);
    await share(garden.id, 'ptadmin', 2);
    await created('POST', `/projects/${garden.id}`, owner.token, {
      title: 'Garden',
      identifier: 'GDN',
      is_favorite: true,
    });
    const link = await created('PUT', `/projects/${garden.id}/shares`, owner.token, { right: 0 });
    const linkAuth = async () => t.request('POST', `/api/v1/shares/${link.hash}/auth`, { body: {} });
    expect((await linkAuth()).statusCode).toBe(200);

    const seeds = await created('PUT', `/projects/${garden.id}/tasks`, owner.token, {
      title: 'Order seeds',
      priority: 4,
      due_date: '2040-03-01T09:00:00Z',
    });
    const compost = await created('PUT', `/projects/${beds.id}/tasks`, owner.token, {
      title: 'Turn compost',
    });
    const label = await created('PUT', '/labels', owner.token, { title: 'Spring' });
    await created('PUT', `/tasks/${seeds.id}/labels`, owner.token, { label_id: label.id });
    await created('PUT', `/tasks/${seeds.id}/comments`, owner.token, { comment: 'heirloom only' });
    await created('PUT', `/tasks/${seeds.id}/relations`, owner.token, {
      other_task_id: compost.id,
      relation_kind: 'related',
    });
    const [attachment] = (await upload(seeds.id, 'list.txt', 'tomatoes, beans')).json().success;
    const stored = join(t.config.dataDir, 'files', String(attachment.file.id));
    const views = (await call('GET', `/projects/${garden.id}/views`, owner.token)).json();
    const kanban = views.find((v: { view_kind: string }) => v.view_kind === 'kanban');
    const bucket = await created('PUT', `/projects/${garden.id}/views/${kanban.id}/buckets`, owner.token, {
      title: 'Soon',
    });
    await created(
      'POST',
      `/projects/${garden.id}/views/${kanban.id}/buckets/${bucket.id}/tasks`,
      owner.token,
      {
        task_id: seeds.id,
      },
    );
    // A task deleted before the project: back in the trash when the project is back.
    const weeds = await created('PUT', `/projects/${garden.id}/tasks`, owner.token, { title: 'Pull weeds' });
    await created('DELETE', `/tasks/${weeds.id}`, owner.token);
    const before = (await call('GET', `/tasks/${seeds.id}`, owner.token)).json();

    const deleted = await call('DELETE', `/projects/${garden.id}`, admin.token);
    expect(deleted.statusCode, deleted.body).toBe(200);

    // Gone from every Vikunja answer, its link share included.
    expect((await call('GET', `/projects/${garden.id}`, owner.token)).statusCode).toBe(404);
    expect((await call('GET', `/projects/${beds.id}`, owner.token)).statusCode).toBe(404);
    expect((await call('GET', `/tasks/${seeds.id}`, owner.token)).statusCode).toBe(404);
    const projects = (await call('GET', '/projects', writer.token)).json();
    expect(projects.map((p: { id: number }) => p.id)).not.toContain(garden.id);
    const all = (await call('GET', '/tasks?per_page=500', owner.token)).json();
    expect(all.map((x: { id: number }) => x.id)).not.toContain(seeds.id);
    expect((await linkAuth()).statusCode).not.toBe(200);
    expect(existsSync(stored)).toBe(true);

    // In the trash of its owner and of the admin who deleted it; nobody else's.
    const entry = await projectEntry(garden.id);
    expect(entry).toMatchObject({ title: 'Garden', project_id: null, project_title: null });
    await projectEntry(garden.id, admin.token);
    expect((await trashOf(owner.token)).map((e) => e.item_id)).not.toContain(weeds.id);
    for (const other of [writer, stranger]) {
      expect((await trashOf(other.token)).map((e) => e.id)).not.toContain(entry.id);
      const res = await call('POST', `/trash/${entry.id}/restore`, other.token);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe(30100);
      expect((await call('DELETE', `/trash/${entry.id}`, other.token)).statusCode).toBe(404);
    }

    const restored = await call('POST', `/trash/${entry.id}/restore`, owner.token);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({
      id: garden.id,
      title: 'Garden',
      identifier: 'GDN',
      is_favorite: true,
    });
    // The answer is the project as its read shows it, field for field.
    expect(restored.json()).toEqual((await call('GET', `/projects/${garden.id}`, owner.token)).json());

    const child = (await call('GET', `/projects/${beds.id}`, owner.token)).json();
    expect(child.parent_project_id).toBe(garden.id);
    const after = (await call('GET', `/tasks/${seeds.id}`, owner.token)).json();
    for (const field of ['title', 'priority', 'due_date', 'index', 'identifier', 'bucket_id'])
      expect(after[field], field).toEqual(before[field]);
    expect(after.labels.map((l: { id: number }) => l.id)).toEqual([label.id]);
    expect(after.related_tasks.related.map((x: { id: number }) => x.id)).toEqual([compost.id]);
    const viewsAfter = (await call('GET', `/projects/${garden.id}/views`, owner.token)).json();
    expect(viewsAfter.map((v: { id: number }) => v.id)).toEqual(views.map((v: { id: number }) => v.id));
    const comments = (await call('GET', `/tasks/${seeds.id}/comments`, owner.token)).json();
    expect(comments.map((c: { comment: string }) => c.comment)).toEqual(['heirloom only']);
    const file = await call('GET', `/tasks/${seeds.id}/attachments/${attachment.id}`, owner.token);
    expect(file.body).toBe('tomatoes, beans');
    // Shares are back: the writer sees the project and its sub-project, the link works again.
    expect((await call('GET', `/projects/${beds.id}`, writer.token)).statusCode).toBe(200);
    expect((await linkAuth()).statusCode).toBe(200);
    // The task deleted earlier waits in the trash again.
    const weedsEntry = (await trashOf(owner.token)).find((e) => e.kind === 'task' && e.item_id === weeds.id);
    expect(weedsEntry?.project_id).toBe(garden.id);
    expect((await trashOf(owner.token)).map((e) => e.id)).not.toContain(entry.id);
    const again = await call('POST', `/trash/${entry.id}/restore`, owner.token);
    expect(again.statusCode).toBe(404);
  });

  it('brings a sub-project back under its parent, or at the top level when the parent is gone or archived', async () => {
    const parent = await created('PUT', '/projects', owner.token, { title: 'Parent' });
    const child = await created('PUT', '/projects', owner.token, {
      title: 'Child',
      parent_project_id: parent.id,
    });
    await created('DELETE', `/projects/${child.id}`, owner.token);
    const childEntry = await projectEntry(child.id);
    await created('DELETE', `/projects/${parent.id}`, owner.token);
    const back = await created('POST', `/trash/${childEntry.id}/restore`, owner.token);
    expect(back.parent_project_id).toBe(0);
    expect((await call('GET', `/projects/${child.id}`, owner.token)).statusCode).toBe(200);

    // An archived parent takes no new projects: the sub-project comes back at the top level too;
    // under a parent the user may still add to, it comes back where it was.
    const shelf = await created('PUT', '/projects', owner.token, { title: 'Shelf' });
    const box = await created('PUT', '/projects', owner.token, { title: 'Box', parent_project_id: shelf.id });
    const jar = await created('PUT', '/projects', owner.token, { title: 'Jar', parent_project_id: shelf.id });
    await created('DELETE', `/projects/${box.id}`, owner.token);
    await created('DELETE', `/projects/${jar.id}`, owner.token);
    const jarBack = await created('POST', `/trash/${(await projectEntry(jar.id)).id}/restore`, owner.token);
    expect(jarBack.parent_project_id).toBe(shelf.id);
    await created('POST', `/projects/${shelf.id}`, owner.token, { title: 'Shelf', is_archived: true });
    const boxBack = await created('POST', `/trash/${(await projectEntry(box.id)).id}/restore`, owner.token);
    expect(boxBack.parent_project_id).toBe(0);
  });

  it('deletes a project for good, and lets it go after ORDO_TRASH_DAYS, with its files', async () => {
    const gone = async (title: string) => {
      const project = await created('PUT', '/projects', owner.token, { title });
      const task = await created('PUT', `/projects/${project.id}/tasks`, owner.token, {
        title: 'with a file',
      });
      const [attachment] = (await upload(task.id, 'f.txt', title)).json().success;
      await created('DELETE', `/projects/${project.id}`, owner.token);
      return {
        entry: await projectEntry(project.id),
        stored: join(t.config.dataDir, 'files', String(attachment.file.id)),
      };
    };
    const purged = await gone('Purged');
    expect(existsSync(purged.stored)).toBe(true);
    const purge = await call('DELETE', `/trash/${purged.entry.id}`, owner.token);
    expect(purge.statusCode, purge.body).toBe(200);
    expect(existsSync(purged.stored)).toBe(false);
    expect((await trashOf(owner.token)).map((e) => e.id)).not.toContain(purged.entry.id);

    const expired = await gone('Expired');
    const db = t.app.ordo.db.kysely;
    await db
      .updateTable('trash')
      .set({ deleted_at: '2000-01-01T00:00:00Z' })
      .where('id', '=', expired.entry.id)
      .execute();
    expect(await removeExpiredTrash(db, createFileStore(t.config), t.config.trashDays)).toBe(1);
    expect(existsSync(expired.stored)).toBe(false);
    expect((await trashOf(owner.token)).map((e) => e.id)).not.toContain(expired.entry.id);
  });

  it("goes for good with its owner's account, files included", async () => {
    const leaving = await t.signUp('ptleaving');
    const project = (
      await t.request('PUT', '/api/v1/projects', { token: leaving.token, body: { title: 'Going away' } })
    ).json();
    const task = (
      await t.request('PUT', `/api/v1/projects/${project.id}/tasks`, {
        token: leaving.token,
        body: { title: 'x' },
      })
    ).json();
    const { body, contentType } = multipart([{ name: 'a.txt', type: 'text/plain', data: 'leaving' }]);
    const uploaded = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/tasks/${task.id}/attachments`,
      headers: { authorization: `Bearer ${leaving.token}`, 'content-type': contentType },
      payload: body,
    });
    const stored = join(t.config.dataDir, 'files', String(uploaded.json().success[0].file.id));
    await t.request('DELETE', `/api/v1/projects/${project.id}`, { token: leaving.token });
    const request = await t.request('POST', '/api/v1/user/deletion/request', {
      token: leaving.token,
      body: { password: 'tidy-otter-42' },
    });
    expect(request.statusCode, request.body).toBe(200);
    const db = t.app.ordo.db.kysely;
    await db
      .updateTable('users')
      .set({ deletion_scheduled_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', leaving.id)
      .execute();
    expect(await new AccountRemoval(db, createFileStore(t.config)).deleteDueAccounts()).toEqual([leaving.id]);
    const left = await db
      .selectFrom('trash')
      .select('id')
      .where('item_id', '=', project.id)
      .where('kind', '=', 'project')
      .execute();
    expect(left).toEqual([]);
    expect(existsSync(stored)).toBe(false);
  });

  it('keeps a calendar a CalDAV client deleted, and its address for a calendar made there meanwhile', async () => {
    const caldavUser = await t.signUp('ptcaldav');
    const auth = `Basic ${Buffer.from('ptcaldav:tidy-otter-42').toString('base64')}`;
    const dav = (method: string, url: string) =>
      t.app.inject({ method: method as 'GET', url, headers: { authorization: auth } });
    expect((await dav('MKCALENDAR', '/dav/projects/shopping/')).statusCode).toBe(201);
    const first = (await call('GET', '/projects', caldavUser.token))
      .json()
      .find((p: { title: string }) => p.title === 'shopping');
    expect(first).toBeDefined();
    expect((await dav('DELETE', '/dav/projects/shopping/')).statusCode).toBe(204);
    const entry = await projectEntry(first.id, caldavUser.token);
    expect((await dav('MKCALENDAR', '/dav/projects/shopping/')).statusCode).toBe(201);

    const restored = await call('POST', `/trash/${entry.id}/restore`, caldavUser.token);
    expect(restored.statusCode, restored.body).toBe(200);
    // The old calendar is back under its id; the client's address stays with the new one.
    expect((await dav('PROPFIND', `/dav/projects/${first.id}/`)).statusCode).toBe(207);
    const titles = (await call('GET', '/projects', caldavUser.token)).json().map((p: { id: number }) => p.id);
    expect(titles).toContain(first.id);
    expect(titles.filter((id: number) => id !== first.id).length).toBeGreaterThan(1);
  });
});

/**
 * The trash: a deleted task is gone from every Vikunja answer, listed in the trash for those who
 * may write to its project, restored whole (same id, labels, assignees, comments, attachments with
 * their bytes, relations both ways, reminders, bucket), or deleted for good.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogueTables, foreignKeys } from '../src/cli/database-tables.js';
import { createFileStore } from '../src/modules/attachments/files/store.js';
import { removeExpiredTrash } from '../src/modules/trash/expiry.js';
import { TASK_PARTS, TASK_TABLES_NOT_KEPT } from '../src/modules/trash/task-snapshot-repo.js';
import { multipart } from './support/multipart.js';
import { type SharedProject, sharedProject } from './support/shared-project.js';
import { createTestApp, type TestApp, testDialect } from './support/test-app.js';

let t: TestApp;
let p: SharedProject;

beforeAll(async () => {
  t = await createTestApp();
  p = await sharedProject(t, 'trash');
});
afterAll(async () => t.close());

interface Entry {
  id: number;
  kind: string;
  item_id: number;
  title: string;
  project_id: number;
  project_title: string;
  deleted_by: { username: string } | null;
  deleted: string;
  expires: string;
}

async function trashOf(token: string): Promise<Entry[]> {
  const res = await t.request('GET', '/api/v1/trash', { token });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function entryFor(taskId: number, token = p.owner.token): Promise<Entry> {
  const entry = (await trashOf(token)).find((e) => e.item_id === taskId);
  expect(entry, `task ${taskId} in the trash`).toBeDefined();
  return entry as Entry;
}

function upload(taskId: number, name: string, data: string) {
  const { body, contentType } = multipart([{ name, type: 'text/plain', data }]);
  return t.app.inject({
    method: 'PUT',
    url: `/api/v1/tasks/${taskId}/attachments`,
    headers: { authorization: `Bearer ${p.owner.token}`, 'content-type': contentType },
    payload: body,
  });
}

async function deleteTask(taskId: number, token = p.owner.token) {
  const res = await t.request('DELETE', `/api/v1/tasks/${taskId}`, { token });
  expect(res.statusCode, res.body).toBe(200);
}

describe('trash', () => {
  it('keeps every table that hangs off a task, or says why not', async () => {
    const db = t.app.ordo.db.kysely;
    const tables = await catalogueTables(db, testDialect);
    const referencing = (await foreignKeys(db, testDialect, tables))
      .filter((k) => k.referencedTable === 'tasks' && k.table !== 'tasks')
      .map((k) => k.table);
    expect(referencing).toContain('task_comments');
    const covered = new Set([...TASK_PARTS.map((part) => part.table), ...TASK_TABLES_NOT_KEPT]);
    expect(referencing.filter((table) => !covered.has(table))).toEqual([]);
  });

  it('restores a deleted task whole, with its id, parts and files', async () => {
    const task = await p.task('Keep me', {
      description: '<p>notes</p>',
      priority: 3,
      due_date: '2040-01-01T10:00:00Z',
      assignees: [{ id: p.writer.id }],
      reminders: [{ relative_to: 'due_date', relative_period: -600 }],
    });
    const other = await p.task('Neighbour');
    const label = (
      await t.request('PUT', '/api/v1/labels', { token: p.owner.token, body: { title: 'Kept' } })
    ).json();
    await t.request('PUT', `/api/v1/tasks/${task.id}/labels`, {
      token: p.owner.token,
      body: { label_id: label.id },
    });
    await t.request('PUT', `/api/v1/tasks/${task.id}/comments`, {
      token: p.owner.token,
      body: { comment: 'a remark' },
    });
    const related = await t.request('PUT', `/api/v1/tasks/${task.id}/relations`, {
      token: p.owner.token,
      body: { other_task_id: other.id, relation_kind: 'related' },
    });
    expect(related.statusCode, related.body).toBe(201);
    const [attachment] = (await upload(task.id, 'notes.txt', 'the bytes')).json().success;
    const before = (await t.request('GET', `/api/v1/tasks/${task.id}`, { token: p.owner.token })).json();

    await deleteTask(task.id, p.writer.token);

    // Gone from every Vikunja answer.
    const read = await t.request('GET', `/api/v1/tasks/${task.id}`, { token: p.owner.token });
    expect(read.statusCode).toBe(404);
    const all = (await t.request('GET', '/api/v1/tasks?per_page=500', { token: p.owner.token })).json();
    expect(all.map((x: { id: number }) => x.id)).not.toContain(task.id);
    const neighbour = (await t.request('GET', `/api/v1/tasks/${other.id}`, { token: p.owner.token })).json();
    expect(neighbour.related_tasks.related ?? []).toEqual([]);

    // In the trash of those who may write to the project, not of readers or strangers.
    const entry = await entryFor(task.id);
    expect(entry).toMatchObject({
      kind: 'task',
      title: 'Keep me',
      project_id: p.projectId,
      project_title: 'trash project',
      deleted_by: { username: 'trashwriter' },
    });
    expect(Date.parse(entry.expires) - Date.parse(entry.deleted)).toBe(30 * 24 * 3600 * 1000);
    expect((await trashOf(p.writer.token)).map((e) => e.id)).toContain(entry.id);
    expect(await trashOf(p.reader.token)).toEqual([]);
    expect(await trashOf(p.stranger.token)).toEqual([]);

    const stranger = await t.request('POST', `/api/v1/trash/${entry.id}/restore`, {
      token: p.stranger.token,
    });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().code).toBe(30100);
    const reader = await t.request('POST', `/api/v1/trash/${entry.id}/restore`, { token: p.reader.token });
    expect(reader.statusCode).toBe(403);
    const purgeByReader = await t.request('DELETE', `/api/v1/trash/${entry.id}`, { token: p.reader.token });
    expect(purgeByReader.statusCode).toBe(403);

    const restored = await t.request('POST', `/api/v1/trash/${entry.id}/restore`, { token: p.writer.token });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().id).toBe(task.id);
    // The answer is the task as its read shows it to the same user, field for field (the read
    // alone adds the caller's subscription).
    const asWriter = await t.request('GET', `/api/v1/tasks/${task.id}`, { token: p.writer.token });
    expect(restored.json()).toEqual({ ...asWriter.json(), subscription: undefined });

    const after = (await t.request('GET', `/api/v1/tasks/${task.id}`, { token: p.owner.token })).json();
    for (const field of ['title', 'description', 'priority', 'due_date', 'index', 'identifier', 'reminders'])
      expect(after[field], field).toEqual(before[field]);
    expect(after.labels.map((l: { id: number }) => l.id)).toEqual([label.id]);
    expect(after.assignees.map((u: { id: number }) => u.id)).toEqual([p.writer.id]);
    expect(after.related_tasks.related.map((x: { id: number }) => x.id)).toEqual([other.id]);
    const back = (await t.request('GET', `/api/v1/tasks/${other.id}`, { token: p.owner.token })).json();
    expect(back.related_tasks.related.map((x: { id: number }) => x.id)).toEqual([task.id]);
    const comments = (
      await t.request('GET', `/api/v1/tasks/${task.id}/comments`, { token: p.owner.token })
    ).json();
    expect(comments.map((c: { comment: string }) => c.comment)).toEqual(['a remark']);
    const file = await t.request('GET', `/api/v1/tasks/${task.id}/attachments/${attachment.id}`, {
      token: p.owner.token,
    });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('the bytes');

    // Once restored, the entry is gone: a second restore finds nothing.
    expect((await trashOf(p.owner.token)).map((e) => e.item_id)).not.toContain(task.id);
    const again = await t.request('POST', `/api/v1/trash/${entry.id}/restore`, { token: p.owner.token });
    expect(again.statusCode).toBe(404);
  });

  it('leaves out what went away meanwhile, and takes a new number when its own was taken', async () => {
    const task = await p.task('Labelled');
    const label = (
      await t.request('PUT', '/api/v1/labels', { token: p.owner.token, body: { title: 'Short-lived' } })
    ).json();
    await t.request('PUT', `/api/v1/tasks/${task.id}/labels`, {
      token: p.owner.token,
      body: { label_id: label.id },
    });
    await deleteTask(task.id);
    await t.request('DELETE', `/api/v1/labels/${label.id}`, { token: p.owner.token });
    // A new task never gets a deleted one's number by itself; an import may ask for it.
    expect((await p.task('Numbered by Ordo')).index).toBeGreaterThan(task.index as number);
    const newcomer = await p.task('Newcomer', { index: task.index });
    expect(newcomer.index).toBe(task.index);

    const entry = await entryFor(task.id);
    const restored = await t.request('POST', `/api/v1/trash/${entry.id}/restore`, { token: p.owner.token });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().labels ?? []).toEqual([]);
    expect(restored.json().index).toBeGreaterThan(newcomer.index as number);
  });

  it('restores a bulk delete in one transaction, relations between the tasks included', async () => {
    const [a, b, c] = [await p.task('Bulk A'), await p.task('Bulk B'), await p.task('Bulk C')];
    await t.request('PUT', `/api/v1/tasks/${a.id}/relations`, {
      token: p.owner.token,
      body: { other_task_id: b.id, relation_kind: 'blocking' },
    });
    const deleted = await t.request('POST', '/api/v1/tasks/bulk/delete', {
      token: p.owner.token,
      body: { task_ids: [a.id, b.id, c.id] },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const entries = (await trashOf(p.owner.token)).filter((e) => [a.id, b.id, c.id].includes(e.item_id));
    expect(entries).toHaveLength(3);

    // One entry the caller may not restore: nothing is restored.
    const theirs = await t.request('PUT', '/api/v1/projects', {
      token: p.stranger.token,
      body: { title: 'Own' },
    });
    const own = (
      await t.request('PUT', `/api/v1/projects/${theirs.json().id}/tasks`, {
        token: p.stranger.token,
        body: { title: 'Not yours' },
      })
    ).json();
    await deleteTask(own.id, p.stranger.token);
    const foreign = await entryFor(own.id, p.stranger.token);
    const refused = await t.request('POST', '/api/v1/trash/restore', {
      token: p.owner.token,
      body: { trash_ids: [...entries.map((e) => e.id), foreign.id] },
    });
    expect(refused.statusCode).toBe(404);
    expect((await t.request('GET', `/api/v1/tasks/${a.id}`, { token: p.owner.token })).statusCode).toBe(404);

    const restored = await t.request('POST', '/api/v1/trash/restore', {
      token: p.owner.token,
      body: { trash_ids: entries.map((e) => e.id) },
    });
    expect(restored.statusCode, restored.body).toBe(200);
    const back = (await t.request('GET', `/api/v1/tasks/${a.id}`, { token: p.owner.token })).json();
    expect(back.related_tasks.blocking.map((x: { id: number }) => x.id)).toEqual([b.id]);
    const other = (await t.request('GET', `/api/v1/tasks/${b.id}`, { token: p.owner.token })).json();
    expect(other.related_tasks.blocked.map((x: { id: number }) => x.id)).toEqual([a.id]);
    expect((await t.request('GET', `/api/v1/tasks/${c.id}`, { token: p.owner.token })).statusCode).toBe(200);
    // Not a list of ids, or ids past their range: refused as an invalid body, not a 500.
    for (const trash_ids of ['all', [-Number.MAX_VALUE], [2 ** 31]]) {
      const bad = await t.request('POST', '/api/v1/trash/restore', {
        token: p.owner.token,
        body: { trash_ids },
      });
      // 2004 (bad type) or 2002 (id past the range), as every other body with such ids answers.
      expect([
        [400, 2004],
        [412, 2002],
      ]).toContainEqual([bad.statusCode, bad.json().code]);
    }
  });

  it('takes a new UID when a CalDAV client put a new task under the old one meanwhile', async () => {
    const task = await p.task('Synced');
    const db = t.app.ordo.db.kysely;
    const { uid } = await db
      .selectFrom('tasks')
      .select('uid')
      .where('id', '=', task.id)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('caldav_objects')
      .values({
        task_id: task.id,
        project_id: p.projectId,
        href: 'phone.ics',
        uid,
        ics: '',
        time_zone: 'UTC',
      })
      .execute();
    await deleteTask(task.id);
    const successor = await p.task('Synced again');
    await db.updateTable('tasks').set({ uid }).where('id', '=', successor.id).execute();
    await db
      .insertInto('caldav_objects')
      .values({
        task_id: successor.id,
        project_id: p.projectId,
        href: 'phone.ics',
        uid,
        ics: '',
        time_zone: 'UTC',
      })
      .execute();

    const entry = await entryFor(task.id);
    const restored = await t.request('POST', `/api/v1/trash/${entry.id}/restore`, { token: p.owner.token });
    expect(restored.statusCode, restored.body).toBe(200);
    const uids = await db
      .selectFrom('tasks')
      .select(['id', 'uid'])
      .where('id', 'in', [task.id, successor.id])
      .orderBy('id')
      .execute();
    expect(uids[0].uid).not.toBe(uid);
    expect(uids[1].uid).toBe(uid);
    const objects = await db
      .selectFrom('caldav_objects')
      .select('task_id')
      .where('href', '=', 'phone.ics')
      .execute();
    expect(objects.map((o) => o.task_id)).toEqual([successor.id]);
  });

  it('deletes for good, with the files only the entry held', async () => {
    const task = await p.task('Forget me');
    const [attachment] = (await upload(task.id, 'gone.txt', 'bye')).json().success;
    await deleteTask(task.id);
    const entry = await entryFor(task.id);
    const stored = join(t.config.dataDir, 'files', String(attachment.file.id));
    expect(existsSync(stored)).toBe(true);

    const purged = await t.request('DELETE', `/api/v1/trash/${entry.id}`, { token: p.owner.token });
    expect(purged.statusCode, purged.body).toBe(200);
    expect((await trashOf(p.owner.token)).map((e) => e.id)).not.toContain(entry.id);
    expect(existsSync(stored)).toBe(false);
    const restore = await t.request('POST', `/api/v1/trash/${entry.id}/restore`, { token: p.owner.token });
    expect(restore.statusCode).toBe(404);
  });

  it('keeps a deleted comment with its reactions for its author to restore', async () => {
    const task = await p.task('Discussed');
    const posted = await t.request('PUT', `/api/v1/tasks/${task.id}/comments`, {
      token: p.writer.token,
      body: { comment: '<p>Bring <b>the</b> ladder &amp; rope</p>' },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    const comment = posted.json();
    await t.request('PUT', `/api/v1/comments/${comment.id}/reactions`, {
      token: p.owner.token,
      body: { value: '👍' },
    });
    const deleted = await t.request('DELETE', `/api/v1/tasks/${task.id}/comments/${comment.id}`, {
      token: p.writer.token,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    const gone = await t.request('GET', `/api/v1/tasks/${task.id}/comments/${comment.id}`, {
      token: p.owner.token,
    });
    expect(gone.statusCode).toBe(404);

    // Only its author sees it in the trash, and only its author may restore it.
    const entry = (await trashOf(p.writer.token)).find(
      (e) => e.kind === 'comment' && e.item_id === comment.id,
    );
    expect(entry).toMatchObject({
      title: 'Bring the ladder & rope',
      task_id: task.id,
      task_title: 'Discussed',
    });
    expect((await trashOf(p.owner.token)).map((e) => e.id)).not.toContain(entry?.id);
    const byOwner = await t.request('POST', `/api/v1/trash/${entry?.id}/restore`, { token: p.owner.token });
    expect(byOwner.statusCode).toBe(403);

    const restored = await t.request('POST', `/api/v1/trash/${entry?.id}/restore`, { token: p.writer.token });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().id).toBe(task.id);
    const back = await t.request('GET', `/api/v1/tasks/${task.id}/comments/${comment.id}`, {
      token: p.owner.token,
    });
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().comment).toBe(comment.comment);
    expect(Object.keys(back.json().reactions ?? {})).toEqual(['👍']);
  });

  it('lets entries go after ORDO_TRASH_DAYS, and with their project and its files', async () => {
    const task = await p.task('Old');
    const [held] = (await upload(task.id, 'old.txt', 'old')).json().success;
    const heldFile = join(t.config.dataDir, 'files', String(held.file.id));
    await deleteTask(task.id);
    const entry = await entryFor(task.id);
    expect(existsSync(heldFile)).toBe(true);
    const db = t.app.ordo.db.kysely;
    await db
      .updateTable('trash')
      .set({ deleted_at: '2000-01-01T00:00:00Z' })
      .where('id', '=', entry.id)
      .execute();
    const removed = await removeExpiredTrash(db, createFileStore(t.config), t.config.trashDays);
    expect(removed).toBe(1);
    expect((await trashOf(p.owner.token)).map((e) => e.id)).not.toContain(entry.id);
    expect(existsSync(heldFile)).toBe(false);

    const project = (
      await t.request('PUT', '/api/v1/projects', { token: p.owner.token, body: { title: 'Short' } })
    ).json();
    const doomed = (
      await t.request('PUT', `/api/v1/projects/${project.id}/tasks`, {
        token: p.owner.token,
        body: { title: 'In a doomed project' },
      })
    ).json();
    const [attachment] = (await upload(doomed.id, 'doomed.txt', 'doomed')).json().success;
    const stored = join(t.config.dataDir, 'files', String(attachment.file.id));
    await deleteTask(doomed.id);
    await entryFor(doomed.id);
    expect(existsSync(stored)).toBe(true);
    // The project's deletion puts it in the trash with the task's entry inside it (project-trash.test.ts)…
    await t.request('DELETE', `/api/v1/projects/${project.id}`, { token: p.owner.token });
    const entries = await trashOf(p.owner.token);
    expect(entries.filter((e) => e.kind === 'task').map((e) => e.item_id)).not.toContain(doomed.id);
    expect(existsSync(stored)).toBe(true);
    // …and deleting that for good takes the file.
    const projectEntry = entries.find((e) => e.kind === 'project' && e.item_id === project.id);
    await t.request('DELETE', `/api/v1/trash/${projectEntry?.id}`, { token: p.owner.token });
    expect(existsSync(stored)).toBe(false);
  });

  it('refuses to restore into a project archived meanwhile, and restores once it is unarchived', async () => {
    const project = (
      await t.request('PUT', '/api/v1/projects', { token: p.owner.token, body: { title: 'Shelved' } })
    ).json();
    const task = (
      await t.request('PUT', `/api/v1/projects/${project.id}/tasks`, {
        token: p.owner.token,
        body: { title: 'Waits' },
      })
    ).json();
    await deleteTask(task.id);
    const entry = await entryFor(task.id);
    const archive = (is_archived: boolean) =>
      t.request('POST', `/api/v1/projects/${project.id}`, {
        token: p.owner.token,
        body: { title: 'Shelved', is_archived },
      });
    expect((await archive(true)).statusCode).toBe(200);
    const refused = await t.request('POST', `/api/v1/trash/${entry.id}/restore`, { token: p.owner.token });
    expect(refused.statusCode).toBe(412);
    expect(refused.json().code).toBe(3008);
    expect((await trashOf(p.owner.token)).map((e) => e.id)).toContain(entry.id);
    expect((await archive(false)).statusCode).toBe(200);
    const restored = await t.request('POST', `/api/v1/trash/${entry.id}/restore`, { token: p.owner.token });
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json().title).toBe('Waits');
  });
});

import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepOrphanFiles } from '../src/modules/attachments/files/orphans.js';
import { createFileStore } from '../src/modules/attachments/files/store.js';
import { type FilePart, multipart } from './support/multipart.js';
import { type SharedProject, sharedProject } from './support/shared-project.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let p: SharedProject;
const LIMIT = 100 * 1024;

beforeAll(async () => {
  t = await createTestApp({ ORDO_MAX_FILE_SIZE: '100KB' });
  p = await sharedProject(t, 'att');
});
afterAll(async () => t.close());

async function upload(
  taskId: number,
  parts: FilePart[],
  token = p.owner.token,
  method: 'PUT' | 'POST' = 'PUT',
) {
  const { body, contentType } = multipart(parts);
  return t.app.inject({
    method,
    url: `/api/v1/tasks/${taskId}/attachments`,
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    payload: body,
  });
}

const png = (width: number) =>
  sharp({ create: { width, height: width / 2, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();

function storedFiles(): string[] {
  const dir = join(t.config.dataDir, 'files');
  return existsSync(dir) ? readdirSync(dir).filter((f) => /^\d+$/.test(f)) : [];
}

describe('attachments', () => {
  it('uploads several files, sniffs their type and lists them on the task', async () => {
    const task = await p.task();
    const image = await png(400);
    const res = await upload(task.id, [
      { name: 'photo.txt', type: 'text/plain', data: image },
      { name: 'notes.txt', type: 'text/plain', data: Buffer.from('hello notes') },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const { success, errors } = res.json();
    expect(errors).toEqual([]);
    expect(success).toHaveLength(2);
    expect(success[0]).toEqual({
      id: expect.any(Number),
      task_id: task.id,
      created_by: expect.objectContaining({ id: p.owner.id }),
      file: {
        id: expect.any(Number),
        name: 'photo.txt',
        mime: 'image/png',
        size: image.length,
        created: expect.any(String),
      },
      created: expect.any(String),
    });
    expect(success[1].file).toMatchObject({ name: 'notes.txt', mime: 'text/plain', size: 11 });

    const list = await t.request('GET', `/api/v1/tasks/${task.id}/attachments`, { token: p.reader.token });
    expect(list.json().map((a: { id: number }) => a.id)).toEqual(success.map((a: { id: number }) => a.id));
    const paged = await t.request('GET', `/api/v1/tasks/${task.id}/attachments?per_page=1&page=2`, {
      token: p.owner.token,
    });
    expect(paged.json().map((a: { id: number }) => a.id)).toEqual([success[1].id]);
    expect(paged.headers['x-pagination-total-pages']).toBe('2');
    const read = (await t.request('GET', `/api/v1/tasks/${task.id}`, { token: p.owner.token })).json();
    expect(read.attachments.map((a: { file: { name: string } }) => a.file.name)).toEqual([
      'photo.txt',
      'notes.txt',
    ]);
  });

  it('downloads with headers, ranges and If-Modified-Since; previews images as PNG', async () => {
    const task = await p.task();
    const image = await png(1000);
    const [shot, text] = (
      await upload(task.id, [
        { name: 'shot.png', type: 'image/png', data: image },
        { name: 'plain.txt', type: 'text/plain', data: Buffer.from('0123456789') },
      ])
    ).json().success;
    const file = await t.request('GET', `/api/v1/tasks/${task.id}/attachments/${text.id}`, {
      token: p.reader.token,
    });
    expect(file.statusCode).toBe(200);
    expect(file.body).toBe('0123456789');
    expect(file.headers['content-type']).toContain('text/plain');
    expect(file.headers['content-disposition']).toContain('attachment; filename="plain.txt"');
    expect(file.headers['content-length']).toBe('10');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['last-modified']).toBeTruthy();
    const range = await t.request('GET', `/api/v1/tasks/${task.id}/attachments/${text.id}`, {
      token: p.owner.token,
      headers: { range: 'bytes=2-4' },
    });
    expect(range.statusCode).toBe(206);
    expect(range.body).toBe('234');
    expect(range.headers['content-range']).toBe('bytes 2-4/10');
    const notModified = await t.request('GET', `/api/v1/tasks/${task.id}/attachments/${text.id}`, {
      token: p.owner.token,
      headers: { 'if-modified-since': file.headers['last-modified'] as string },
    });
    expect(notModified.statusCode).toBe(304);

    const preview = await t.request(
      'GET',
      `/api/v1/tasks/${task.id}/attachments/${shot.id}?preview_size=sm`,
      {
        token: p.owner.token,
      },
    );
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/png');
    const meta = await sharp(preview.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 100 });
    const original = await t.request('GET', `/api/v1/tasks/${task.id}/attachments/${shot.id}`, {
      token: p.owner.token,
    });
    expect(original.rawPayload.length).toBe(image.length);
    // Non-images ignore preview_size and come back as they are.
    const textPreview = await t.request(
      'GET',
      `/api/v1/tasks/${task.id}/attachments/${text.id}?preview_size=md`,
      {
        token: p.owner.token,
      },
    );
    expect(textPreview.body).toBe('0123456789');
  });

  it('never serves an attachment through a task that does not own it (4011)', async () => {
    const owner = await p.task();
    const other = await p.task();
    const [att] = (
      await upload(owner.id, [{ name: 'a.txt', type: 'text/plain', data: Buffer.from('secret') }])
    ).json().success;
    for (const method of ['GET', 'DELETE'] as const) {
      const res = await t.request(method, `/api/v1/tasks/${other.id}/attachments/${att.id}`, {
        token: p.owner.token,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe(4011);
      expect(res.body).not.toContain('secret');
    }
    const missing = await t.request('GET', `/api/v1/tasks/${owner.id}/attachments/999999`, {
      token: p.owner.token,
    });
    expect(missing.json().code).toBe(4011);
  });

  it('reports files over the limit with 4012 and the sizes; far larger uploads answer 413/4013', async () => {
    const task = await p.task();
    const big = Buffer.alloc(LIMIT + 10, 1);
    const res = await upload(task.id, [
      { name: 'big.bin', type: 'application/octet-stream', data: big },
      { name: 'ok.txt', type: 'text/plain', data: Buffer.from('fine') },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json().errors).toEqual([
      {
        code: 4012,
        message: `The task attachment exceeds the configured file size of ${LIMIT} bytes, filesize was ${LIMIT + 10}`,
      },
    ]);
    expect(res.json().success.map((a: { file: { name: string } }) => a.file.name)).toEqual(['ok.txt']);
    const huge = await upload(task.id, [
      { name: 'huge.bin', type: 'application/octet-stream', data: Buffer.alloc(3 * 1024 * 1024) },
    ]);
    expect(huge.statusCode).toBe(413);
    expect(huge.json().code).toBe(4013);
    expect(huge.body).toContain('uploaded file exceeds');
  });

  it('lets writers upload and delete; read-only shares and strangers get 403 and no data', async () => {
    const task = await p.task();
    const byWriter = await upload(
      task.id,
      [{ name: 'w.txt', type: 'text/plain', data: Buffer.from('writer data') }],
      p.writer.token,
      'POST',
    );
    expect(byWriter.statusCode).toBe(200);
    const [att] = byWriter.json().success;
    expect(
      (await upload(task.id, [{ name: 'r.txt', type: 'text/plain', data: Buffer.from('x') }], p.reader.token))
        .statusCode,
    ).toBe(403);
    const strangerGet = await t.request('GET', `/api/v1/tasks/${task.id}/attachments/${att.id}`, {
      token: p.stranger.token,
    });
    expect(strangerGet.statusCode).toBe(403);
    expect(strangerGet.body).not.toContain('writer data');
    const strangerList = await t.request('GET', `/api/v1/tasks/${task.id}/attachments`, {
      token: p.stranger.token,
    });
    expect(strangerList.statusCode).toBe(403);
    expect(
      (await t.request('DELETE', `/api/v1/tasks/${task.id}/attachments/${att.id}`, { token: p.reader.token }))
        .statusCode,
    ).toBe(403);
    const notMultipart = await t.request('PUT', `/api/v1/tasks/${task.id}/attachments`, {
      token: p.owner.token,
      body: {},
    });
    expect(notMultipart.statusCode).toBe(400);
  });

  it('lets a write link share upload as its pseudo-user and a read link share download', async () => {
    const task = await p.task();
    const linkToken = async (right: number) => {
      const share = await t.request('PUT', `/api/v1/projects/${p.projectId}/shares`, {
        token: p.owner.token,
        body: { right },
      });
      expect(share.statusCode, share.body).toBe(201);
      const auth = await t.request('POST', `/api/v1/shares/${share.json().hash}/auth`, { body: {} });
      return { token: auth.json().token as string, id: share.json().id as number };
    };
    const writer = await linkToken(1);
    const res = await upload(
      task.id,
      [{ name: 'l.txt', type: 'text/plain', data: Buffer.from('linked') }],
      writer.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const [att] = res.json().success;
    expect(att.created_by).toMatchObject({ id: -writer.id, username: `link-share-${writer.id}` });
    const reader = await linkToken(0);
    const file = await t.request('GET', `/api/v1/tasks/${task.id}/attachments/${att.id}`, {
      token: reader.token,
    });
    expect(file.body).toBe('linked');
    expect(
      (await upload(task.id, [{ name: 'r.txt', type: 'text/plain', data: Buffer.from('x') }], reader.token))
        .statusCode,
    ).toBe(403);
  });

  it("deletes the attachment and its stored bytes; the task's files go when it leaves the trash", async () => {
    const task = await p.task();
    const before = storedFiles().length;
    const [a, b] = (
      await upload(task.id, [
        { name: 'a.txt', type: 'text/plain', data: Buffer.from('a') },
        { name: 'b.txt', type: 'text/plain', data: Buffer.from('b') },
      ])
    ).json().success;
    expect(storedFiles()).toHaveLength(before + 2);
    const del = await t.request('DELETE', `/api/v1/tasks/${task.id}/attachments/${a.id}`, {
      token: p.owner.token,
    });
    expect(del.json()).toEqual({ message: 'Successfully deleted.' });
    expect(storedFiles()).toHaveLength(before + 1);
    expect(
      (
        await t.request('GET', `/api/v1/tasks/${task.id}/attachments/${a.id}`, { token: p.owner.token })
      ).json().code,
    ).toBe(4011);
    await t.request('DELETE', `/api/v1/tasks/${task.id}`, { token: p.owner.token });
    // The deleted task is in the trash, restorable with its files.
    expect(storedFiles()).toContain(String(b.file.id));
    const entry = (await t.request('GET', '/api/v1/trash', { token: p.owner.token }))
      .json()
      .find((e: { item_id: number }) => e.item_id === task.id);
    await t.request('DELETE', `/api/v1/trash/${entry.id}`, { token: p.owner.token });
    expect(storedFiles()).toHaveLength(before);
    expect(storedFiles()).not.toContain(String(b.file.id));
  });

  it("deleting the project keeps its tasks' files in the trash, and deleting it from there removes them", async () => {
    const project = (
      await t.request('PUT', '/api/v1/projects', { token: p.owner.token, body: { title: 'Doomed' } })
    ).json();
    const task = (
      await t.request('PUT', `/api/v1/projects/${project.id}/tasks`, {
        token: p.owner.token,
        body: { title: 'T' },
      })
    ).json();
    const before = storedFiles().length;
    const [att] = (
      await upload(task.id, [{ name: 'd.txt', type: 'text/plain', data: Buffer.from('doomed') }])
    ).json().success;
    expect(storedFiles()).toContain(String(att.file.id));
    const del = await t.request('DELETE', `/api/v1/projects/${project.id}`, { token: p.owner.token });
    expect(del.statusCode).toBe(200);
    expect(storedFiles()).toContain(String(att.file.id));
    const trash = (await t.request('GET', '/api/v1/trash', { token: p.owner.token })).json();
    const entry = trash.find(
      (e: { kind: string; item_id: number }) => e.kind === 'project' && e.item_id === project.id,
    );
    const purge = await t.request('DELETE', `/api/v1/trash/${entry.id}`, { token: p.owner.token });
    expect(purge.statusCode, purge.body).toBe(200);
    expect(storedFiles()).not.toContain(String(att.file.id));
    expect(storedFiles()).toHaveLength(before);
  });

  it('sweeps files nothing points at any more, keeping attached ones', async () => {
    const task = await p.task();
    const [kept] = (
      await upload(task.id, [{ name: 'k.txt', type: 'text/plain', data: Buffer.from('kept') }])
    ).json().success;
    const db = t.app.ordo.db.kysely;
    const orphan = await db
      .insertInto('files')
      .values({
        name: 'lost.txt',
        mime: 'text/plain',
        size: 4,
        created_by_id: p.owner.id,
        created: '2024-01-01T00:00:00Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await t.app.ordo.attachments.sweepOrphans()).toBe(1);
    expect(
      await db.selectFrom('files').select('id').where('id', '=', orphan.id).executeTakeFirst(),
    ).toBeUndefined();
    const still = await t.request('GET', `/api/v1/tasks/${task.id}/attachments/${kept.id}`, {
      token: p.owner.token,
    });
    expect(still.body).toBe('kept');
  });

  it('sweeps among given files only those nothing points at, and no other', async () => {
    const task = await p.task();
    const [kept] = (
      await upload(task.id, [{ name: 'k.txt', type: 'text/plain', data: Buffer.from('kept') }])
    ).json().success;
    const db = t.app.ordo.db.kysely;
    const lost = (name: string) =>
      db
        .insertInto('files')
        .values({
          name,
          mime: 'text/plain',
          size: 4,
          created_by_id: p.owner.id,
          created: '2024-01-01T00:00:00Z',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    const named = await lost('named.txt');
    const other = await lost('other.txt');
    const exists = async (id: number) =>
      (await db.selectFrom('files').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;

    const store = createFileStore(t.config);
    expect(await sweepOrphanFiles(db, store, [named.id, kept.file.id, named.id])).toBe(1);
    expect(await exists(named.id)).toBe(false);
    expect(await exists(kept.file.id)).toBe(true);
    expect(await exists(other.id)).toBe(true);
    expect(await sweepOrphanFiles(db, store, [])).toBe(0);
    expect(await t.app.ordo.attachments.sweepOrphans()).toBe(1);
    expect(await exists(other.id)).toBe(false);
  });

  it('sets the cover image only to an attachment of the task (4020)', async () => {
    const task = await p.task('Covered');
    const other = await p.task('Other');
    const [att] = (await upload(task.id, [{ name: 'c.png', type: 'image/png', data: await png(200) }])).json()
      .success;
    const [foreign] = (
      await upload(other.id, [{ name: 'f.png', type: 'image/png', data: await png(200) }])
    ).json().success;
    const set = await t.request('POST', `/api/v1/tasks/${task.id}`, {
      token: p.owner.token,
      body: { title: 'Covered', cover_image_attachment_id: att.id },
    });
    expect(set.json().cover_image_attachment_id).toBe(att.id);
    const wrong = await t.request('POST', `/api/v1/tasks/${task.id}`, {
      token: p.owner.token,
      body: { title: 'Covered', cover_image_attachment_id: foreign.id },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe(4020);
    const onCreate = await t.request('PUT', `/api/v1/projects/${p.projectId}/tasks`, {
      token: p.owner.token,
      body: { title: 'New', cover_image_attachment_id: att.id },
    });
    expect(onCreate.json().code).toBe(4020);
    await t.request('DELETE', `/api/v1/tasks/${task.id}/attachments/${att.id}`, { token: p.owner.token });
    expect(
      (await t.request('GET', `/api/v1/tasks/${task.id}`, { token: p.owner.token })).json()
        .cover_image_attachment_id,
    ).toBe(0);
  });
});

describe('attachments switched off', () => {
  it('answers 404 on the attachment routes', async () => {
    const off = await createTestApp({ ORDO_TASK_ATTACHMENTS: 'false' });
    try {
      const user = await off.signUp('noattachments');
      const project = (
        await off.request('PUT', '/api/v1/projects', { token: user.token, body: { title: 'P' } })
      ).json();
      const task = (
        await off.request('PUT', `/api/v1/projects/${project.id}/tasks`, {
          token: user.token,
          body: { title: 'T' },
        })
      ).json();
      expect(
        (await off.request('GET', `/api/v1/tasks/${task.id}/attachments`, { token: user.token })).statusCode,
      ).toBe(404);
      expect(
        (await off.request('GET', `/api/v1/tasks/${task.id}/attachments/1`, { token: user.token }))
          .statusCode,
      ).toBe(404);
    } finally {
      await off.close();
    }
  });
});

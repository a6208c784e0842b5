import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountRemoval } from '../src/modules/account/account-removal.js';
import { createFileStore } from '../src/modules/attachments/files/store.js';
import { multipart } from './support/multipart.js';
import { type SharedProject, sharedProject } from './support/shared-project.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let p: SharedProject;

beforeAll(async () => {
  t = await createTestApp({ ORDO_MAX_FILE_SIZE: '300KB' });
  p = await sharedProject(t, 'bg');
});
afterAll(async () => t.close());

/** A wide picture with a left-to-right gradient, so its blur hash is not one flat colour. */
async function picture(width: number, format: 'png' | 'jpeg'): Promise<Buffer> {
  const height = Math.round(width / 2);
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      pixels[i] = Math.round((255 * x) / width);
      pixels[i + 1] = 90;
      pixels[i + 2] = Math.round((255 * y) / height);
    }
  }
  const image = sharp(pixels, { raw: { width, height, channels: 3 } });
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 80 }).toBuffer();
}

async function upload(projectId: number, data: Buffer, token = p.owner.token, name = 'sky.png') {
  const { body, contentType } = multipart([{ name, type: 'image/png', data, field: 'background' }]);
  return t.app.inject({
    method: 'PUT',
    url: `/api/v1/projects/${projectId}/backgrounds/upload`,
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    payload: body,
  });
}

const getBackground = (projectId: number, token = p.owner.token, headers: Record<string, string> = {}) =>
  t.request('GET', `/api/v1/projects/${projectId}/background`, { token, headers });

function storedFiles(): string[] {
  const dir = join(t.config.dataDir, 'files');
  return existsSync(dir) ? readdirSync(dir).filter((f) => /^\d+$/.test(f)) : [];
}

async function newProject(title: string): Promise<number> {
  const res = await t.request('PUT', '/api/v1/projects', { token: p.owner.token, body: { title } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id;
}

describe('project backgrounds', () => {
  it('/info lists the upload provider', async () => {
    const info = (await t.request('GET', '/api/v1/info')).json();
    expect(info.enabled_background_providers).toEqual(['upload']);
  });

  it('a project starts without a background: null information, empty hash, 3015 on GET', async () => {
    const project = (
      await t.request('GET', `/api/v1/projects/${p.projectId}`, { token: p.owner.token })
    ).json();
    expect(project.background_information).toBeNull();
    expect(project.background_blur_hash).toBe('');
    const res = await getBackground(p.projectId);
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(3015);
  });

  it('uploads a PNG: the project answers {"Type":"upload"} and a blur hash, GET serves a resized image', async () => {
    const res = await upload(p.projectId, await picture(3000, 'png'));
    expect(res.statusCode, res.body).toBe(200);
    const project = res.json();
    expect(project.id).toBe(p.projectId);
    expect(project.title).toBe('bg project');
    expect(project.background_information).toEqual({ Type: 'upload' });
    expect(project.background_blur_hash).toMatch(/^[0-9A-Za-z#$%*+,\-.:;=?@[\]^_{|}~]{28}$/);
    // The same shape on a plain read, and in the list.
    const read = (await t.request('GET', `/api/v1/projects/${p.projectId}`, { token: p.owner.token })).json();
    expect(read.background_information).toEqual({ Type: 'upload' });
    expect(read.background_blur_hash).toBe(project.background_blur_hash);

    const image = await getBackground(p.projectId);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['cache-control']).toMatch(/^private/);
    expect(image.headers.etag).toBeTruthy();
    const meta = await sharp(image.rawPayload).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.width).toBe(2560);
    expect(meta.height).toBe(1280);

    const again = await getBackground(p.projectId, p.owner.token, {
      'if-none-match': String(image.headers.etag),
    });
    expect(again.statusCode).toBe(304);
  });

  it('a new upload (JPEG) replaces the old image and removes its file', async () => {
    const before = storedFiles();
    const old = (await getBackground(p.projectId)).headers.etag;
    const res = await upload(p.projectId, await picture(800, 'jpeg'), p.writer.token, 'photo.jpg');
    expect(res.statusCode, res.body).toBe(200);
    const image = await getBackground(p.projectId);
    expect(image.headers.etag).not.toBe(old);
    expect((await sharp(image.rawPayload).metadata()).width).toBe(800);
    expect(storedFiles()).toHaveLength(before.length);
    expect(storedFiles()).not.toEqual(before);
  });

  it('refuses a file that is no image, even named .png', async () => {
    const res = await upload(p.projectId, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Uploaded file is no image.' });
    const text = await upload(p.projectId, Buffer.from('just some text, not a picture'));
    expect(text.statusCode).toBe(400);
    // A PNG cut short decodes its header but not its pixels.
    const png = await picture(600, 'png');
    const cut = await upload(p.projectId, png.subarray(0, Math.floor(png.length / 2)));
    expect(cut.statusCode).toBe(400);
  });

  it('refuses a file over the configured size with 4013', async () => {
    const big = await sharp({
      create: {
        width: 1200,
        height: 1200,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png()
      .toBuffer();
    expect(big.length).toBeGreaterThan(300 * 1024);
    const res = await upload(p.projectId, big);
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe(4013);
  });

  it('a read-only user can see the background but neither upload nor delete it; a stranger gets 403', async () => {
    expect((await getBackground(p.projectId, p.reader.token)).statusCode).toBe(200);
    expect((await upload(p.projectId, await picture(200, 'png'), p.reader.token)).statusCode).toBe(403);
    const del = await t.request('DELETE', `/api/v1/projects/${p.projectId}/background`, {
      token: p.reader.token,
    });
    expect(del.statusCode).toBe(403);
    expect((await getBackground(p.projectId, p.stranger.token)).statusCode).toBe(403);
    expect((await upload(p.projectId, await picture(200, 'png'), p.stranger.token)).statusCode).toBe(403);
    const strangerDel = await t.request('DELETE', `/api/v1/projects/${p.projectId}/background`, {
      token: p.stranger.token,
    });
    expect(strangerDel.statusCode).toBe(403);
    expect((await getBackground(p.projectId)).statusCode).toBe(200);
  });

  it('a link share sees the background of its own project only', async () => {
    const other = await newProject('Other with background');
    expect((await upload(other, await picture(300, 'png'))).statusCode).toBe(200);
    const share = await t.request('PUT', `/api/v1/projects/${p.projectId}/shares`, {
      token: p.owner.token,
      body: { right: 0 },
    });
    expect(share.statusCode, share.body).toBe(201);
    const auth = await t.request('POST', `/api/v1/shares/${share.json().hash}/auth`, { body: {} });
    const token = auth.json().token as string;
    const own = await getBackground(p.projectId, token);
    expect(own.statusCode).toBe(200);
    expect((await sharp(own.rawPayload).metadata()).format).toBe('jpeg');
    expect((await getBackground(other, token)).statusCode).toBe(403);
  });

  it('duplicating a project copies the background into a file of its own', async () => {
    const source = await newProject('Dup source');
    const up = await upload(source, await picture(500, 'png'));
    const files = storedFiles().length;
    const res = await t.request('PUT', `/api/v1/projects/${source}/duplicate`, {
      token: p.owner.token,
      body: {},
    });
    expect(res.statusCode, res.body).toBe(201);
    const copy = res.json().duplicated_project;
    expect(copy.background_information).toEqual({ Type: 'upload' });
    expect(copy.background_blur_hash).toBe(up.json().background_blur_hash);
    expect(storedFiles()).toHaveLength(files + 1);
    const a = await getBackground(source);
    const b = await getBackground(copy.id);
    expect(b.statusCode).toBe(200);
    expect(b.rawPayload.equals(a.rawPayload)).toBe(true);
    // Removing the copy's background leaves the source's.
    await t.request('DELETE', `/api/v1/projects/${copy.id}/background`, { token: p.owner.token });
    expect((await getBackground(source)).statusCode).toBe(200);
  });

  it('DELETE removes the background and its file, keeps the title; GET then answers 3015', async () => {
    const project = await newProject('To clear');
    await upload(project, await picture(400, 'png'));
    const files = storedFiles().length;
    const res = await t.request('DELETE', `/api/v1/projects/${project}/background`, { token: p.owner.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: project,
      title: 'To clear',
      background_information: null,
      background_blur_hash: '',
    });
    expect(storedFiles()).toHaveLength(files - 1);
    const gone = await getBackground(project);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().code).toBe(3015);
  });

  it('a deleted project (and its child) keeps its background files in the trash until deleted from there', async () => {
    const parent = await newProject('Doomed parent');
    const child = (
      await t.request('PUT', '/api/v1/projects', {
        token: p.owner.token,
        body: { title: 'Doomed child', parent_project_id: parent },
      })
    ).json().id as number;
    await upload(parent, await picture(300, 'png'));
    await upload(child, await picture(300, 'jpeg'));
    const files = storedFiles().length;
    const res = await t.request('DELETE', `/api/v1/projects/${parent}`, { token: p.owner.token });
    expect(res.statusCode, res.body).toBe(200);
    expect(storedFiles()).toHaveLength(files);
    const trash = (await t.request('GET', '/api/v1/trash', { token: p.owner.token })).json();
    const entry = trash.find(
      (e: { kind: string; item_id: number }) => e.kind === 'project' && e.item_id === parent,
    );
    const purge = await t.request('DELETE', `/api/v1/trash/${entry.id}`, { token: p.owner.token });
    expect(purge.statusCode, purge.body).toBe(200);
    expect(storedFiles()).toHaveLength(files - 2);
    const rows = await t.app.ordo.db.kysely.selectFrom('files').select('id').execute();
    expect(rows.map((r) => String(r.id)).sort()).toEqual(storedFiles().sort());
  });

  it("the owner's account deletion removes the background files of their projects", async () => {
    const leaving = await t.signUp('bgleaving');
    const project = (
      await t.request('PUT', '/api/v1/projects', { token: leaving.token, body: { title: 'Going away' } })
    ).json().id as number;
    expect((await upload(project, await picture(300, 'png'), leaving.token)).statusCode).toBe(200);
    const files = storedFiles().length;
    const request = await t.request('POST', '/api/v1/user/deletion/request', {
      token: leaving.token,
      body: { password: 'tidy-otter-42' },
    });
    expect(request.statusCode, request.body).toBe(200);
    await t.app.ordo.db.kysely
      .updateTable('users')
      .set({ deletion_scheduled_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', leaving.id)
      .execute();
    const removal = new AccountRemoval(t.app.ordo.db.kysely, createFileStore(t.config));
    expect(await removal.deleteDueAccounts()).toEqual([leaving.id]);
    expect(storedFiles()).toHaveLength(files - 1);
    const rows = await t.app.ordo.db.kysely.selectFrom('files').select('id').execute();
    expect(rows.map((r) => String(r.id)).sort()).toEqual(storedFiles().sort());
  });

  it('an archived project keeps its background readable but refuses a new one (3008)', async () => {
    const project = await newProject('Archived');
    await upload(project, await picture(300, 'png'));
    await t.request('POST', `/api/v1/projects/${project}`, {
      token: p.owner.token,
      body: { title: 'Archived', is_archived: true },
    });
    expect((await getBackground(project)).statusCode).toBe(200);
    const res = await upload(project, await picture(300, 'png'));
    expect(res.statusCode).toBe(412);
    expect(res.json().code).toBe(3008);
  });
});

describe('backgrounds switched off', () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await createTestApp({ ORDO_BACKGROUNDS: 'false' });
  });
  afterAll(async () => off.close());

  it('/info answers null providers and the endpoints do not exist', async () => {
    expect((await off.request('GET', '/api/v1/info')).json().enabled_background_providers).toBeNull();
    const { token } = await off.signUp('bgoff');
    const project = (await off.request('PUT', '/api/v1/projects', { token, body: { title: 'x' } })).json();
    expect(
      (await off.request('GET', `/api/v1/projects/${project.id}/background`, { token })).statusCode,
    ).toBe(404);
  });
});

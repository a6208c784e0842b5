/**
 * Avatars (reference §2.3, spec 1 §7): the provider setting, uploads, and the pictures each
 * provider draws, with Gravatar played by a real local HTTP server.
 */
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { initialsColor } from '@ordo/core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GravatarServer, md5, startGravatarServer } from './support/gravatar-server.js';
import { multipart } from './support/multipart.js';
import { createTestApp, type TestApp } from './support/test-app.js';

let t: TestApp;
let gravatar: GravatarServer;
beforeAll(async () => {
  gravatar = await startGravatarServer();
  t = await createTestApp({ ORDO_GRAVATAR_URL: gravatar.url, ORDO_MAX_FILE_SIZE: '100KB' });
});
afterAll(async () => {
  await t.close();
  await gravatar.close();
});

const png = (width: number, height: number, background = { r: 200, g: 30, b: 40 }) =>
  sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();

function upload(token: string, data: Buffer | string, name = 'me.png', type = 'image/png', field = 'avatar') {
  const { body, contentType } = multipart([{ name, type, data, field }]);
  return t.app.inject({
    method: 'PUT',
    url: '/api/v1/user/settings/avatar/upload',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    payload: body,
  });
}

const setProvider = (token: string, avatar_provider: unknown) =>
  t.request('POST', '/api/v1/user/settings/avatar', { token, body: { avatar_provider } });

const avatar = (token: string, username: string, size?: number | string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/v1/avatar/${username}${size === undefined ? '' : `?size=${size}`}`,
    headers: { authorization: `Bearer ${token}` },
  });

async function dimensions(body: Buffer) {
  const meta = await sharp(body).metadata();
  return { format: meta.format, width: meta.width, height: meta.height };
}

describe('the provider setting', () => {
  it("is 'default' at first and changes to each provider a user may pick", async () => {
    const { token } = await t.signUp('pia');
    const first = await t.request('GET', '/api/v1/user/settings/avatar', { token });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ avatar_provider: 'default' });
    for (const provider of ['initials', 'gravatar', 'marble', 'upload', 'default']) {
      const res = await setProvider(token, provider);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: 'Avatar was changed successfully.' });
      expect((await t.request('GET', '/api/v1/user/settings/avatar', { token })).json()).toEqual({
        avatar_provider: provider,
      });
    }
  });

  it('refuses unknown providers, and those only a directory or identity provider sets, with 1018', async () => {
    const { token } = await t.signUp('quin');
    await setProvider(token, 'marble');
    for (const bad of ['robohash', '', 'Initials', 'ldap', 'openid', 7, null]) {
      const res = await setProvider(token, bad);
      expect(res.statusCode, String(bad)).toBe(412);
      expect(res.json()).toEqual({
        code: 1018,
        message: 'Invalid avatar provider setting. See docs for valid types.',
      });
    }
    const missing = await t.request('POST', '/api/v1/user/settings/avatar', { token, body: {} });
    expect(missing.json().code).toBe(1018);
    expect((await t.request('GET', '/api/v1/user/settings/avatar', { token })).json().avatar_provider).toBe(
      'marble',
    );
  });

  it('needs a signed-in user', async () => {
    const anonymous = await t.request('GET', '/api/v1/user/settings/avatar');
    expect(anonymous.statusCode).toBe(401);
    expect(
      (await t.request('POST', '/api/v1/user/settings/avatar', { body: { avatar_provider: 'marble' } }))
        .statusCode,
    ).toBe(401);
  });
});

describe('uploads', () => {
  it('stores a real picture as a square, switches to upload and draws it at the size asked for', async () => {
    const { token } = await t.signUp('rosa');
    const res = await upload(token, await png(300, 200));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Avatar was uploaded successfully.' });
    expect((await t.request('GET', '/api/v1/user/settings/avatar', { token })).json()).toEqual({
      avatar_provider: 'upload',
    });

    const drawn = await avatar(token, 'rosa', 64);
    expect(drawn.statusCode).toBe(200);
    expect(drawn.headers['content-type']).toBe('image/png');
    expect(await dimensions(drawn.rawPayload)).toEqual({ format: 'png', width: 64, height: 64 });
    const { data } = await sharp(drawn.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect([data[0], data[1], data[2]]).toEqual([200, 30, 40]);

    const standard = await avatar(token, 'rosa');
    expect(await dimensions(standard.rawPayload)).toMatchObject({ width: 50, height: 50 });
    const huge = await avatar(token, 'rosa', 5000);
    expect(await dimensions(huge.rawPayload)).toMatchObject({ width: 1024, height: 1024 });
    const unreadable = await avatar(token, 'rosa', 'big');
    expect(await dimensions(unreadable.rawPayload)).toMatchObject({ width: 50, height: 50 });
  });

  it('replaces the picture before and removes its file', async () => {
    const { token, id } = await t.signUp('sami');
    await upload(token, await png(120, 120, { r: 0, g: 0, b: 255 }));
    const fileOf = async () =>
      (
        await t.app.ordo.db.kysely
          .selectFrom('users')
          .select('avatar_file_id')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).avatar_file_id as number;
    const first = await fileOf();
    const filesDir = join(t.config.dataDir, 'files');
    expect(existsSync(join(filesDir, String(first)))).toBe(true);

    expect((await upload(token, await png(90, 90, { r: 0, g: 255, b: 0 }))).statusCode).toBe(200);
    const second = await fileOf();
    expect(second).not.toBe(first);
    expect(existsSync(join(filesDir, String(first)))).toBe(false);
    expect(existsSync(join(filesDir, String(second)))).toBe(true);
    const gone = await t.app.ordo.db.kysely
      .selectFrom('files')
      .select('id')
      .where('id', '=', first)
      .executeTakeFirst();
    expect(gone).toBeUndefined();
    const { data } = await sharp((await avatar(token, 'sami', 20)).rawPayload)
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([data[0], data[1], data[2]]).toEqual([0, 255, 0]);

    // The start-up sweep of files nothing points at leaves avatars alone.
    await t.app.ordo.attachments.sweepOrphans();
    expect(existsSync(join(filesDir, String(second)))).toBe(true);
    expect((await avatar(token, 'sami', 20)).headers['content-type']).toBe('image/png');
  });

  it('refuses what is no picture, whatever its name says, and keeps the avatar as it was', async () => {
    const { token } = await t.signUp('tomi');
    await setProvider(token, 'marble');
    const notImages: [string | Buffer, string, string][] = [
      ['just text', 'me.png', 'image/png'],
      ['<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>', 'me.svg', 'image/svg+xml'],
      [(await png(50, 50)).subarray(0, 60), 'cut.png', 'image/png'],
      [Buffer.from('%PDF-1.7 not a picture'), 'doc.pdf', 'application/pdf'],
    ];
    for (const [data, name, type] of notImages) {
      const res = await upload(token, data, name, type);
      expect(res.statusCode, name).toBe(400);
      expect(res.json()).toEqual({ message: 'Uploaded file is no image.' });
    }
    expect((await t.request('GET', '/api/v1/user/settings/avatar', { token })).json().avatar_provider).toBe(
      'marble',
    );
    const misnamed = await upload(token, await png(40, 40), 'notes.txt', 'text/plain');
    expect(misnamed.statusCode).toBe(200);
  });

  it('refuses a file over the configured size (4013) and a request without the avatar field', async () => {
    const { token } = await t.signUp('ursa');
    const noise = Buffer.from(Array.from({ length: 300 * 300 * 3 }, () => Math.floor(Math.random() * 256)));
    const big = await sharp(noise, { raw: { width: 300, height: 300, channels: 3 } })
      .png()
      .toBuffer();
    expect(big.length).toBeGreaterThan(100 * 1024);
    const res = await upload(token, big);
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe(4013);

    const wrongField = await upload(token, await png(40, 40), 'me.png', 'image/png', 'files');
    expect(wrongField.statusCode).toBe(400);
    const json = await t.request('PUT', '/api/v1/user/settings/avatar/upload', { token, body: {} });
    expect(json.statusCode).toBe(400);
    expect((await t.request('GET', '/api/v1/user/settings/avatar', { token })).json().avatar_provider).toBe(
      'default',
    );
  });
});

describe('generated avatars', () => {
  it('draws initials of the display name on the colour of the username', async () => {
    const { token } = await t.signUp('vera');
    await t.request('POST', '/api/v1/user/settings/general', {
      token,
      body: { name: 'Vera Wang', overdue_tasks_reminders_time: '09:00' },
    });
    await setProvider(token, 'initials');
    const res = await avatar(token, 'vera', 40);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.body).toContain('>VW</text>');
    expect(res.body).toContain(initialsColor('vera'));
    expect(await dimensions(res.rawPayload)).toEqual({ format: 'svg', width: 40, height: 40 });
    // It renders: sharp draws it to pixels.
    const rendered = await sharp(res.rawPayload).png().toBuffer();
    expect(await dimensions(rendered)).toMatchObject({ width: 40, height: 40 });
  });

  it('draws a marble from the username and a neutral default', async () => {
    const { token } = await t.signUp('wim');
    const standard = await avatar(token, 'wim', 30);
    expect(standard.headers['content-type']).toBe('image/svg+xml');
    expect(await dimensions(standard.rawPayload)).toEqual({ format: 'svg', width: 30, height: 30 });

    await setProvider(token, 'marble');
    const marble = await avatar(token, 'wim', 30);
    expect(marble.body).toContain('feGaussianBlur');
    expect(marble.body).not.toBe(standard.body);
    expect(await dimensions(await sharp(marble.rawPayload).png().toBuffer())).toMatchObject({ width: 30 });
    expect((await avatar(token, 'wim', 30)).body).toBe(marble.body);

    // Another user's default is the same neutral picture.
    const other = await t.signUp('xena');
    expect((await avatar(other.token, 'xena', 30)).body).toBe(standard.body);
    expect((await avatar(other.token, 'wim', 30)).body).toBe(marble.body);
  });

  it('answers with a validator and revalidation, and 304 when unchanged', async () => {
    const { token } = await t.signUp('yuri');
    const res = await avatar(token, 'yuri');
    expect(res.headers['cache-control']).toBe('private, no-cache');
    const etag = res.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await t.app.inject({
      method: 'GET',
      url: '/api/v1/avatar/yuri',
      headers: { authorization: `Bearer ${token}`, 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    await setProvider(token, 'initials');
    const changed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/avatar/yuri',
      headers: { authorization: `Bearer ${token}`, 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
  });

  it('draws the default picture for a name that is no user, the same as for a user who chose none', async () => {
    const { token } = await t.signUp('zeno');
    const nobody = await avatar(token, 'nobody-here', 40);
    const zeno = await avatar(token, 'zeno', 40);
    expect(nobody.statusCode).toBe(200);
    expect(nobody.body).toBe(zeno.body);
    expect(nobody.headers.etag).toBe(zeno.headers.etag);
    expect((await avatar(token, 'link-share-999999', 40)).body).toBe(zeno.body);
  });
});

describe('without a token (Vikunja v0.24 serves avatars to plain <img> tags)', () => {
  const anonymous = (username: string) => t.request('GET', `/api/v1/avatar/${username}?size=32`);

  it('serves the picture, and tells nothing about which usernames exist', async () => {
    const { token } = await t.signUp('quinn');
    await setProvider(token, 'marble');
    const marble = await anonymous('quinn');
    expect(marble.statusCode).toBe(200);
    expect(marble.headers['content-type']).toContain('image/svg+xml');
    expect(marble.body).toBe((await avatar(token, 'quinn', 32)).body);
    await t.signUp('quincy');
    const plain = await anonymous('quincy');
    const nobody = await anonymous('no-such-user');
    expect(nobody.statusCode).toBe(200);
    expect(nobody.body).toBe(plain.body);
    expect(nobody.headers.etag).toBe(plain.headers.etag);
    // An invalid token is read as none: the picture still loads.
    const badToken = await t.request('GET', '/api/v1/avatar/quinn?size=32', { token: 'not-a-token' });
    expect(badToken.statusCode).toBe(200);
  });

  it("keeps a link share's name from strangers", async () => {
    const { token } = await t.signUp('rhea');
    const project = (await t.request('PUT', '/api/v1/projects', { token, body: { title: 'Named' } })).json();
    const share = (
      await t.request('PUT', `/api/v1/projects/${project.id}/shares`, {
        token,
        body: { right: 0, name: 'Directors' },
      })
    ).json();
    const signedIn = await avatar(token, `link-share-${share.id}`, 32);
    expect(signedIn.body).toContain('>D</text>');
    const stranger = await anonymous(`link-share-${share.id}`);
    expect(stranger.statusCode).toBe(200);
    expect(stranger.body).not.toContain('>D</text>');
    expect(stranger.body).toBe((await anonymous('no-such-user')).body);
  });
});

describe("ORDO_AVATARS_REQUIRE_LOGIN=true (Vikunja v1.0's rule)", () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await createTestApp({ ORDO_AVATARS_REQUIRE_LOGIN: 'true' });
  });
  afterAll(async () => strict.close());

  it('answers 401 without a token, and 404 (1005) for a user that does not exist', async () => {
    const { token } = await strict.signUp('sven');
    expect((await strict.request('GET', '/api/v1/avatar/sven')).statusCode).toBe(401);
    expect((await strict.request('GET', '/api/v1/avatar/sven', { token })).statusCode).toBe(200);
    const missing = await strict.request('GET', '/api/v1/avatar/nobody-here', { token });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ code: 1005, message: 'The user does not exist.' });
  });
});

describe('link shares', () => {
  it("see avatars, and a link share's pseudo-user has its initials", async () => {
    const owner = await t.signUp('olga');
    await setProvider(owner.token, 'marble');
    const project = (
      await t.request('PUT', '/api/v1/projects', { token: owner.token, body: { title: 'Shared' } })
    ).json();
    const share = (
      await t.request('PUT', `/api/v1/projects/${project.id}/shares`, {
        token: owner.token,
        body: { right: 0, name: 'Guests' },
      })
    ).json();
    const shareToken = (await t.request('POST', `/api/v1/shares/${share.hash}/auth`, { body: {} })).json()
      .token as string;

    const seen = await avatar(shareToken, 'olga', 16);
    expect(seen.statusCode).toBe(200);
    expect(seen.body).toContain('feGaussianBlur');
    const pseudo = await avatar(shareToken, `link-share-${share.id}`, 16);
    expect(pseudo.statusCode).toBe(200);
    expect(pseudo.body).toContain('>G</text>');
    expect((await avatar(owner.token, `link-share-${share.id}`)).statusCode).toBe(200);

    const settings = await t.request('GET', '/api/v1/user/settings/avatar', { token: shareToken });
    expect(settings.json().code).toBe(1023);
    expect((await setProvider(shareToken, 'initials')).json().code).toBe(1023);
  });
});

describe('gravatar', () => {
  it('is fetched by the hash of the address, drawn at the size asked for, and kept a while', async () => {
    const { token } = await t.signUp('gina', { email: 'Gina@Example.com' });
    gravatar.addPicture('gina@example.com', { r: 10, g: 120, b: 60 });
    await setProvider(token, 'gravatar');
    const before = gravatar.requests.length;
    const res = await avatar(token, 'gina', 48);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(await dimensions(res.rawPayload)).toEqual({ format: 'png', width: 48, height: 48 });
    const { data } = await sharp(res.rawPayload).raw().toBuffer({ resolveWithObject: true });
    expect([data[0], data[1], data[2]]).toEqual([10, 120, 60]);
    expect(gravatar.requests.slice(before)).toEqual([`/avatar/${md5('gina@example.com')}?s=48&d=404`]);

    await avatar(token, 'gina', 48);
    expect(gravatar.requests.length).toBe(before + 1);

    // Neither the address nor its hash reaches the client.
    const answer = JSON.stringify(res.headers) + res.rawPayload.toString('latin1');
    expect(answer.toLowerCase()).not.toContain('gina@example.com');
    expect(answer).not.toContain(md5('gina@example.com'));
  });

  it('falls back to the initials for an address without a Gravatar', async () => {
    const { token } = await t.signUp('hugo', { email: 'hugo@example.com' });
    await setProvider(token, 'gravatar');
    const res = await avatar(token, 'hugo', 32);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.body).toContain('>H</text>');
  });

  it('falls back to the initials when Gravatar cannot be reached', async () => {
    const closed = await closedPort();
    const offline = await createTestApp({ ORDO_GRAVATAR_URL: `http://127.0.0.1:${closed}/avatar/` });
    try {
      const { token } = await offline.signUp('ines', { email: 'ines@example.com' });
      await offline.request('POST', '/api/v1/user/settings/avatar', {
        token,
        body: { avatar_provider: 'gravatar' },
      });
      const started = Date.now();
      const res = await offline.app.inject({
        method: 'GET',
        url: '/api/v1/avatar/ines?size=20',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/svg+xml');
      expect(res.body).toContain('>I</text>');
      expect(Date.now() - started).toBeLessThan(3_500);
    } finally {
      await offline.close();
    }
  });
});

describe('pictures from a directory or identity provider', () => {
  it('are drawn like uploads, and the user cannot change them (1021)', async () => {
    const { token, id } = await t.signUp('lars');
    await t.app.ordo.avatars.storeManagedPicture(id, 'ldap', await png(64, 64, { r: 5, g: 5, b: 5 }));
    expect((await t.request('GET', '/api/v1/user/settings/avatar', { token })).json()).toEqual({
      avatar_provider: 'ldap',
    });
    const res = await avatar(token, 'lars', 16);
    expect(await dimensions(res.rawPayload)).toEqual({ format: 'png', width: 16, height: 16 });
    const change = await setProvider(token, 'initials');
    expect(change.statusCode).toBe(412);
    expect(change.json().code).toBe(1021);
    expect((await upload(token, await png(40, 40))).json().code).toBe(1021);
  });
});

/** A port nothing listens on: taken from the system, then let go. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type Kysely, sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import type { CommandIo } from '../src/cli/console-io.js';
import { dumpDatabase } from '../src/cli/dump.js';
import { migrateCommand } from '../src/cli/migrate-command.js';
import { restoreDatabase } from '../src/cli/restore.js';
import { CommandError, createUser, listUsers, resetPassword } from '../src/cli/user-commands.js';
import { main } from '../src/cli.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { knownMigrations } from '../src/db/migrate.js';
import { createFileStore } from '../src/modules/attachments/files/store.js';
import { multipart } from './support/multipart.js';
import {
  createEmptyDatabase,
  createTestApp,
  type TestApp,
  type TestDialect,
  testDialect,
} from './support/test-app.js';

function recorder(secrets: string[] = []): CommandIo & { lines: string[] } {
  const lines: string[] = [];
  const io: CommandIo & { lines: string[] } = { lines, print: (line) => lines.push(line) };
  if (secrets.length > 0) io.askSecret = async () => secrets.shift() ?? '';
  return io;
}

const SECRET = 'test-secret-test-secret-test-secret';
let t: TestApp;
let workDir: string;
beforeAll(async () => {
  t = await createTestApp();
  workDir = mkdtempSync(join(tmpdir(), 'ordo-cli-'));
});
afterAll(async () => {
  await t.close();
  rmSync(workDir, { recursive: true, force: true });
});

const login = (app: TestApp['app'], username: string, password: string) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/login',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify({ username, password }),
  });

describe('user create', () => {
  it('creates an account with the given password that can log in', async () => {
    const io = recorder();
    await createUser(
      t.app.ordo,
      { username: 'cliAdmin', email: 'admin@example.com', password: 'correct-horse' },
      io,
    );
    expect(io.lines[0]).toMatch(/^Created user cliAdmin \(id \d+, admin@example.com\)\.$/);
    expect(io.lines.join('\n')).not.toContain('correct-horse');
    expect((await login(t.app, 'cliAdmin', 'correct-horse')).statusCode).toBe(200);
  });

  it('generates and prints a password when none is given and nobody can be asked', async () => {
    const io = recorder();
    const { password } = await createUser(
      t.app.ordo,
      { username: 'cliGenerated', email: 'gen@example.com' },
      io,
    );
    expect(password.length).toBeGreaterThanOrEqual(16);
    expect(io.lines).toContain(`Password: ${password}`);
    expect((await login(t.app, 'cliGenerated', password)).statusCode).toBe(200);
  });

  it('asks twice at a terminal and uses the typed password', async () => {
    const io = recorder(['typed-secret-1', 'typed-secret-1']);
    await createUser(t.app.ordo, { username: 'cliTyped', email: 'typed@example.com' }, io);
    expect(io.lines.some((l) => l.startsWith('Password:'))).toBe(false);
    expect((await login(t.app, 'cliTyped', 'typed-secret-1')).statusCode).toBe(200);
    await expect(
      createUser(
        t.app.ordo,
        { username: 'cliTypo', email: 'typo@example.com' },
        recorder(['one-secret', 'other-secret']),
      ),
    ).rejects.toThrow('The passwords do not match.');
  });

  it('applies the registration rules and reports them readably', async () => {
    await expect(
      createUser(t.app.ordo, { username: 'cliBad', email: 'not-an-email', password: 'short' }, recorder()),
    ).rejects.toThrow(/Invalid Data: .*email: not-an-email.*password:/);
    await expect(
      createUser(
        t.app.ordo,
        { username: 'cliAdmin', email: 'other@example.com', password: 'sturdy-lamp-81' },
        recorder(),
      ),
    ).rejects.toThrow('A user with this username already exists.');
    await expect(
      createUser(
        t.app.ordo,
        { username: 'cli spaces', email: 's@example.com', password: 'sturdy-lamp-81' },
        recorder(),
      ),
    ).rejects.toBeInstanceOf(CommandError);
  });
});

describe('user list', () => {
  it('prints every account with its state', async () => {
    const { id } = await t.signUp('cliLocked');
    await t.app.ordo.repos.users.update(id, { status: 3 });
    const io = recorder();
    const rows = await listUsers(t.app.ordo, io);
    expect(io.lines[0]).toMatch(/^ID\s+USERNAME\s+EMAIL\s+STATUS\s+CREATED$/);
    expect(io.lines.find((l) => l.includes('cliAdmin'))).toMatch(/admin@example\.com\s+active/);
    expect(io.lines.find((l) => l.includes('cliLocked'))).toMatch(/locked/);
    expect(io.lines[io.lines.length - 1]).toBe(`${rows.length} users`);
    expect(rows.map((r) => r.username)).toContain('cliGenerated');
  });
});

describe('user reset-password', () => {
  it('sets the password, ends every session and unlocks a locked account', async () => {
    const { token, id } = await t.signUp('cliForgot');
    await t.app.ordo.repos.users.update(id, { status: 3 });
    const io = recorder();
    await resetPassword(t.app.ordo, { username: 'cliForgot', password: 'new-password-9' }, io);
    expect(io.lines[0]).toContain('cliForgot');
    expect((await t.request('GET', '/api/v1/user', { token })).statusCode).toBe(401);
    expect((await login(t.app, 'cliForgot', 'tidy-otter-42')).statusCode).toBe(403);
    expect((await login(t.app, 'cliForgot', 'new-password-9')).statusCode).toBe(200);
  });

  it('keeps a disabled account disabled', async () => {
    const { id } = await t.signUp('cliDisabled');
    await t.app.ordo.repos.users.update(id, { status: 2 });
    await resetPassword(t.app.ordo, { username: 'cliDisabled', password: 'new-password-9' }, recorder());
    expect((await login(t.app, 'cliDisabled', 'new-password-9')).json().code).toBe(1020);
  });

  it('generates a password when none is given', async () => {
    await t.signUp('cliGenReset');
    const io = recorder();
    const { password } = await resetPassword(t.app.ordo, { username: 'cliGenReset' }, io);
    expect(io.lines).toContain(`Password: ${password}`);
    expect((await login(t.app, 'cliGenReset', password)).statusCode).toBe(200);
  });

  it('refuses unknown users and short passwords', async () => {
    await expect(
      resetPassword(t.app.ordo, { username: 'nobody-here', password: 'sturdy-lamp-81' }, recorder()),
    ).rejects.toThrow('The user does not exist.');
    await expect(
      resetPassword(t.app.ordo, { username: 'cliAdmin', password: 'short' }, recorder()),
    ).rejects.toThrow(/password:/);
    expect((await login(t.app, 'cliAdmin', 'correct-horse')).statusCode).toBe(200);
  });
});

describe('migrate', () => {
  it('migrates an empty database once and then reports it up to date', async () => {
    const empty = await createEmptyDatabase();
    const db = openDatabase(
      loadConfig({ DATABASE_URL: empty.url, ORDO_DATA_DIR: empty.dataDir, ORDO_JWT_SECRET: SECRET }).database,
    );
    try {
      const io = recorder();
      expect(await migrateCommand(db, io)).toEqual(knownMigrations());
      expect(io.lines).toEqual(knownMigrations().map((m) => `Applied ${m}`));
      const again = recorder();
      expect(await migrateCommand(db, again)).toEqual([]);
      expect(again.lines).toEqual(['The database is up to date.']);
    } finally {
      await db.close();
      await empty.drop();
    }
  });
});

// biome-ignore lint/suspicious/noExplicitAny: the extra table is not in the schema types.
const raw = (kysely: unknown) => kysely as Kysely<any>;

async function createExtraTable(kysely: Kysely<unknown>) {
  await sql`create table cli_extra (id integer primary key, label varchar(50) not null, flag boolean not null)`.execute(
    kysely,
  );
}

// Counters that triggers derive from other tables are not dumped; a restore refills them.
// Tables a dump leaves out: counters and CalDAV change rows triggers keep, the login rate limit's counters, failed
// sign-ins, the answers kept for Idempotency-Key retries and webhook deliveries waiting for a retry.
const DERIVED = [
  'auth_failures',
  'bucket_task_counts',
  'idempotency_keys',
  'project_task_counts',
  'project_open_task_counts',
  'project_subtasks',
  'rate_limit_hits',
  'search_terms',
  'task_search_terms',
  'search_postings_pending',
  'caldav_sync_state',
  'caldav_changes',
  'project_list_versions',
  'webhook_retries',
];

describe('dump and restore', () => {
  let dumpFile: string;
  let source: { token: string; id: number };
  let settings: Record<string, unknown>;
  let projectTitles: string[];
  let board: { path: string; counts: number[] };
  // An attachment whose bytes live in the file store, not in the database.
  const attachmentBytes = Buffer.concat([Buffer.from('notes ✓ '), Buffer.from([0, 1, 2, 253, 254, 255])]);
  let attachment: { taskId: number; id: number; fileId: number };
  // A project background and an uploaded avatar live in the file store too.
  let background: { projectId: number; bytes: Buffer };
  let avatarBytes: Buffer;

  beforeAll(async () => {
    source = await t.signUp('dumpOwner');
    await t.request('POST', '/api/v1/user/settings/general', {
      token: source.token,
      body: {
        name: 'Dump Owner',
        week_start: 1,
        timezone: 'Europe/Berlin',
        frontend_settings: { color_schema: 'dark' },
      },
    });
    const parent = (
      await t.request('PUT', '/api/v1/projects', { token: source.token, body: { title: 'Parent' } })
    ).json();
    const child = (
      await t.request('PUT', '/api/v1/projects', {
        token: source.token,
        body: { title: 'Child "quoted" ✓', parent_project_id: parent.id },
      })
    ).json();
    const attached = (
      await t.request('PUT', `/api/v1/projects/${child.id}/tasks`, {
        token: source.token,
        body: { title: 'With a file' },
      })
    ).json();
    const { body, contentType } = multipart([
      { name: 'notes.bin', type: 'application/octet-stream', data: attachmentBytes },
    ]);
    const uploaded = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/tasks/${attached.id}/attachments`,
      headers: { authorization: `Bearer ${source.token}`, 'content-type': contentType },
      payload: body,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const [stored] = uploaded.json().success;
    attachment = { taskId: attached.id, id: stored.id, fileId: stored.file.id };
    const upload = async (url: string, field: string) => {
      const image = await sharp({ create: { width: 64, height: 32, channels: 3, background: '#2a6' } })
        .png()
        .toBuffer();
      const form = multipart([{ name: 'picture.png', type: 'image/png', data: image, field }]);
      const res = await t.app.inject({
        method: 'PUT',
        url,
        headers: { authorization: `Bearer ${source.token}`, 'content-type': form.contentType },
        payload: form.body,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await upload(`/api/v1/projects/${parent.id}/backgrounds/upload`, 'background');
    await upload('/api/v1/user/settings/avatar/upload', 'avatar');
    background = {
      projectId: parent.id,
      bytes: (await t.request('GET', `/api/v1/projects/${parent.id}/background`, { token: source.token }))
        .rawPayload,
    };
    avatarBytes = (await t.request('GET', '/api/v1/avatar/dumpOwner?size=64', { token: source.token }))
      .rawPayload;
    expect(background.bytes.length).toBeGreaterThan(0);
    expect(avatarBytes.length).toBeGreaterThan(0);
    // Two tasks land in the default bucket of the parent's board, one of them done (Done bucket).
    for (const task of [{ title: 'Open card' }, { title: 'Finished card', done: true }]) {
      await t.request('PUT', `/api/v1/projects/${parent.id}/tasks`, { token: source.token, body: task });
    }
    const kanban = parent.views.find((v: { view_kind: string }) => v.view_kind === 'kanban');
    const boardPath = `/api/v1/projects/${parent.id}/views/${kanban.id}/tasks`;
    board = {
      path: boardPath,
      counts: (
        (await t.request('GET', boardPath, { token: source.token })).json() as { count: number }[]
      ).map((b) => b.count),
    };
    expect(board.counts).toEqual([1, 0, 1]);
    settings = (await t.request('GET', '/api/v1/user', { token: source.token })).json().settings;
    projectTitles = (
      (await t.request('GET', '/api/v1/projects', { token: source.token })).json() as { title: string }[]
    )
      .map((p) => p.title)
      .sort();
    await createExtraTable(t.app.ordo.db.kysely as Kysely<unknown>);
    await raw(t.app.ordo.db.kysely)
      .insertInto('cli_extra')
      .values([
        { id: 1, label: 'yes', flag: true },
        { id: 2, label: 'no', flag: false },
      ])
      .execute();
    dumpFile = join(workDir, 'ordo-dump.json');
    const io = recorder();
    await dumpDatabase(t.app.ordo.db, dumpFile, io, createFileStore(t.config));
    expect(io.lines[0]).toMatch(/^Wrote \d+ rows from \d+ tables and 3 files to /);
  });

  it('writes every table of the database, including ones the schema types do not know', async () => {
    const dump = JSON.parse(readFileSync(dumpFile, 'utf8'));
    expect(dump).toMatchObject({
      format: 'ordo-dump',
      version: 1,
      source_dialect: testDialect,
      migrations: knownMigrations(),
    });
    const tables =
      testDialect === 'sqlite'
        ? // Full-text (virtual) tables and their shadow tables are rebuilt by triggers, not dumped.
          (
            await sql<{
              name: string;
            }>`select name from pragma_table_list where schema = 'main' and type = 'table'`.execute(
              t.app.ordo.db.kysely,
            )
          ).rows
            .map((r) => r.name)
            .filter((n) => !n.startsWith('sqlite_'))
            .filter((n) => !DERIVED.includes(n))
        : (
            await sql<{
              name: string;
            }>`select tablename as name from pg_tables where schemaname = 'public'`.execute(
              t.app.ordo.db.kysely,
            )
          ).rows
            .map((r) => r.name)
            .filter((n) => !DERIVED.includes(n));
    expect(Object.keys(dump.tables).sort()).toEqual(tables.sort());
    for (const table of ['users', 'sessions', 'projects', 'ordo_migrations', 'cli_extra'])
      expect(tables).toContain(table);
    expect(dump.tables.cli_extra).toEqual([
      { id: 1, label: 'yes', flag: true },
      { id: 2, label: 'no', flag: false },
    ]);
    const owner = dump.tables.users.find((u: { username: string }) => u.username === 'dumpOwner');
    expect(owner.email_reminders_enabled).toBe(true);
    expect(owner.discoverable_by_name).toBe(false);
    // The attachment's bytes, the background's and the avatar's.
    expect(Object.keys(dump.files)).toHaveLength(3);
    expect(dump.files[attachment.fileId]).toBe(attachmentBytes.toString('base64'));
  });

  for (const target of ['sqlite', 'postgres'] as TestDialect[]) {
    it(`restores into an empty ${target} database: accounts, sessions, settings, projects and new ids`, async () => {
      const empty = await createEmptyDatabase(target);
      const config = loadConfig({
        DATABASE_URL: empty.url,
        ORDO_DATA_DIR: empty.dataDir,
        ORDO_JWT_SECRET: SECRET,
        ORDO_RATE_LIMIT: '0',
        ORDO_WEB_DIST: join(empty.dataDir, 'no-web'),
      });
      const db = openDatabase(config.database);
      try {
        await createExtraTable(db.kysely as Kysely<unknown>);
        const io = recorder();
        const counts = await restoreDatabase(db, dumpFile, io, createFileStore(config));
        expect(io.lines).toHaveLength(1);
        expect(io.lines[0]).toMatch(/^Restored \d+ rows into \d+ tables and 3 files/);
        expect(counts.cli_extra).toBe(2);
        expect(await raw(db.kysely).selectFrom('cli_extra').selectAll().orderBy('id').execute()).toEqual([
          { id: 1, label: 'yes', flag: target === 'sqlite' ? 1 : true },
          { id: 2, label: 'no', flag: target === 'sqlite' ? 0 : false },
        ]);
        if (target === 'postgres') {
          // Vacuumed, not only analysed: the term index is read index-only from the start.
          const { rows } = await sql<{ vacuumed: boolean }>`SELECT last_vacuum IS NOT NULL AS vacuumed
            FROM pg_stat_user_tables WHERE relname = 'task_search_terms'`.execute(db.kysely);
          expect(rows).toEqual([{ vacuumed: true }]);
        }
        // The restored tasks' search postings are packed, and their log folded in.
        const log = await sql<{ n: number }>`SELECT count(*) AS n FROM search_postings_pending`.execute(
          db.kysely,
        );
        expect(Number(log.rows[0].n)).toBe(0);
        const packed = await sql<{ bytes: number }>`SELECT length(postings) AS bytes FROM search_terms
          WHERE term = 'file'`.execute(db.kysely);
        expect(packed.rows).toEqual([{ bytes: 4 }]);
      } finally {
        await db.close();
      }

      const app = await buildApp(config, { logger: false });
      try {
        const get = (url: string, token: string) =>
          app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
        // The session survived, so the token issued by the source still works.
        const me = await get('/api/v1/user', source.token);
        expect(me.statusCode).toBe(200);
        const searched = await get('/api/v1/tasks/all?s=FILE', source.token);
        expect((searched.json() as { title: string }[]).map((task) => task.title)).toEqual(['With a file']);
        expect(me.json().settings).toEqual(settings);
        expect((await login(app, 'cliAdmin', 'correct-horse')).statusCode).toBe(200);
        const titles = ((await get('/api/v1/projects', source.token)).json() as { title: string }[])
          .map((p) => p.title)
          .sort();
        expect(titles).toEqual(projectTitles);
        // The board counts its buckets as before: the counters were rebuilt once, not doubled.
        const restoredBoard = (await get(board.path, source.token)).json() as { count: number }[];
        expect(restoredBoard.map((b) => b.count)).toEqual(board.counts);
        // Search finds the restored tasks: the term index was rebuilt from them as they went in.
        const found = (await get('/api/v1/tasks/all?s=finished', source.token)).json() as { title: string }[];
        expect(found.map((task) => task.title)).toEqual(['Finished card']);
        // The attachment downloads with the bytes it had.
        const file = await get(
          `/api/v1/tasks/${attachment.taskId}/attachments/${attachment.id}`,
          source.token,
        );
        expect(file.statusCode).toBe(200);
        expect(file.rawPayload.equals(attachmentBytes)).toBe(true);
        // So do the project's background and the uploaded avatar.
        const restoredBackground = await get(
          `/api/v1/projects/${background.projectId}/background`,
          source.token,
        );
        expect(restoredBackground.statusCode).toBe(200);
        expect(restoredBackground.rawPayload.equals(background.bytes)).toBe(true);
        const restoredAvatar = await get('/api/v1/avatar/dumpOwner?size=64', source.token);
        expect(restoredAvatar.rawPayload.equals(avatarBytes)).toBe(true);

        // Sequences continue after the restored ids.
        const maxUser = Math.max(...(await listUsers(app.ordo, recorder())).map((u) => u.id));
        const fresh = await app.inject({
          method: 'POST',
          url: '/api/v1/register',
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({
            username: 'afterRestore',
            email: 'after@example.com',
            password: 'sturdy-lamp-81',
          }),
        });
        expect(fresh.statusCode).toBe(200);
        expect(fresh.json().id).toBeGreaterThan(maxUser);
        const project = await app.inject({
          method: 'PUT',
          url: '/api/v1/projects',
          headers: { authorization: `Bearer ${source.token}`, 'content-type': 'application/json' },
          payload: JSON.stringify({ title: 'After restore' }),
        });
        expect(project.statusCode).toBe(201);
      } finally {
        await app.close();
        await empty.drop();
      }
    });
  }

  it('refuses a database that already has data, and leaves it as it was', async () => {
    const target = await createTestApp();
    try {
      await target.signUp('alreadyHere');
      await createExtraTable(target.app.ordo.db.kysely as Kysely<unknown>);
      await expect(
        restoreDatabase(target.app.ordo.db, dumpFile, recorder(), createFileStore(target.config)),
      ).rejects.toThrow(/not empty \(table \w+ has rows\)/);
      const users = await listUsers(target.app.ordo, recorder());
      expect(users.map((u) => u.username)).toEqual(['alreadyHere']);
    } finally {
      await target.close();
    }
  });

  it('refuses dumps from a newer Ordo, older dumps into newer databases, and files that are no dump', async () => {
    const dump = JSON.parse(readFileSync(dumpFile, 'utf8'));
    const newer = join(workDir, 'newer.json');
    writeFileSync(
      newer,
      JSON.stringify({ ...dump, migrations: [...dump.migrations, '9999-from-the-future'] }),
    );
    const older = join(workDir, 'older.json');
    writeFileSync(older, JSON.stringify({ ...dump, migrations: dump.migrations.slice(0, 1) }));
    const junk = join(workDir, 'junk.json');
    writeFileSync(junk, '{"hello":"world"}');

    const target = await createTestApp();
    try {
      const db = target.app.ordo.db;
      const store = createFileStore(target.config);
      await expect(restoreDatabase(db, newer, recorder(), store)).rejects.toThrow(
        /newer Ordo.*9999-from-the-future/,
      );
      await expect(restoreDatabase(db, older, recorder(), store)).rejects.toThrow(
        /already migrated past the dump/,
      );
      await expect(restoreDatabase(db, junk, recorder(), store)).rejects.toThrow(/is not an Ordo dump/);
      await expect(restoreDatabase(db, join(workDir, 'missing.json'), recorder(), store)).rejects.toThrow(
        /Cannot read/,
      );
      expect(await listUsers(target.app.ordo, recorder())).toEqual([]);
    } finally {
      await target.close();
    }
  });

  it('restores a dump without files (written before they were included) and names the files it lacks', async () => {
    const { files: _files, ...dump } = JSON.parse(readFileSync(dumpFile, 'utf8'));
    const withoutFiles = join(workDir, 'without-files.json');
    writeFileSync(withoutFiles, JSON.stringify(dump));
    const target = await createTestApp();
    try {
      await createExtraTable(target.app.ordo.db.kysely as Kysely<unknown>);
      const io = recorder();
      await restoreDatabase(target.app.ordo.db, withoutFiles, io, createFileStore(target.config));
      expect(io.lines[0]).toMatch(/and 0 files/);
      const ids = (dump.tables.files as { id: number }[]).map((f) => f.id);
      expect(ids).toContain(attachment.fileId);
      expect(io.lines[1]).toBe(
        `The dump holds no bytes for 3 stored files (ids ${ids.join(', ')}): these attachments, backgrounds or avatars cannot be downloaded.`,
      );
    } finally {
      await target.close();
    }
  });

  it('rolls the whole restore back when a row cannot be inserted', async () => {
    const dump = JSON.parse(readFileSync(dumpFile, 'utf8'));
    // Two users with the same username break the unique index on the second insert.
    const users = [...dump.tables.users, { ...dump.tables.users[0], id: 99999 }];
    const broken = join(workDir, 'broken.json');
    writeFileSync(broken, JSON.stringify({ ...dump, tables: { ...dump.tables, users } }));
    const target = await createTestApp();
    try {
      await createExtraTable(target.app.ordo.db.kysely as Kysely<unknown>);
      await expect(
        restoreDatabase(target.app.ordo.db, broken, recorder(), createFileStore(target.config)),
      ).rejects.toThrow();
      expect(await listUsers(target.app.ordo, recorder())).toEqual([]);
      expect(await raw(target.app.ordo.db.kysely).selectFrom('cli_extra').selectAll().execute()).toEqual([]);
    } finally {
      await target.close();
    }
  });
});

describe('the command line', () => {
  it('prints the usage and exits 2 without a command, and names unknown commands', async () => {
    const io = recorder();
    expect(await main([], io)).toBe(2);
    expect(io.lines[0]).toContain('Usage: npm run ordo -- <command>');
    const help = recorder();
    expect(await main(['--help'], help)).toBe(0);
  });
});

describe('the built CLI', () => {
  const cli = resolve(import.meta.dirname, '../dist/cli.js');

  it('runs as `node dist/cli.js` against DATABASE_URL (build first: npm run build)', async () => {
    expect(existsSync(cli), `${cli} is missing; run npm run build`).toBe(true);
    const empty = await createEmptyDatabase();
    const env = { ...process.env, DATABASE_URL: empty.url, ORDO_DATA_DIR: empty.dataDir };
    const run = (...args: string[]) => spawnSync(process.execPath, [cli, ...args], { env, encoding: 'utf8' });
    try {
      const created = run('user', 'create', '--username', 'spawned', '--email', 'spawned@example.com');
      expect(created.status, created.stderr).toBe(0);
      const password = /Password: (\S+)/.exec(created.stdout)?.[1] ?? '';
      expect(password.length).toBeGreaterThanOrEqual(16);
      const listed = run('user', 'list');
      expect(listed.status).toBe(0);
      expect(listed.stdout).toMatch(/spawned\s+spawned@example\.com\s+active/);
      const bad = run(
        'user',
        'create',
        '--username',
        'x y',
        '--email',
        'e@example.com',
        '--password',
        'sturdy-lamp-81',
      );
      expect(bad.status).toBe(1);
      expect(bad.stderr).toContain('The username must not contain spaces.');
    } finally {
      await empty.drop();
    }
  });
});

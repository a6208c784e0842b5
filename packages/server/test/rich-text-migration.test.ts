/**
 * Migration 0036 cleans the rich text stored before every write path sanitised it: an older
 * install's dump, restored (which migrates its data up), comes back with its bad rows cleaned and
 * its good ones byte-identical, `updated` untouched; and the cleaning writes only the rows it
 * changes, so a second run writes nothing.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.js';
import type { CommandIo } from '../src/cli/console-io.js';
import { dumpDatabase } from '../src/cli/dump.js';
import { restoreDatabase } from '../src/cli/restore.js';
import { loadConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { RICH_TEXT_COLUMNS, richTextCleanup } from '../src/db/migrations/0036-rich-text-cleanup.js';
import { createFileStore } from '../src/modules/attachments/files/store.js';
import {
  EDITOR_DOCUMENT,
  HOSTILE_DOCUMENT,
  HOSTILE_DOCUMENT_CLEANED,
} from '../src/modules/rich-text/sample-documents.js';
import { createEmptyDatabase, createTestApp, type TestApp, testDialect } from './support/test-app.js';

const CLEANUP = '0036-rich-text-cleanup';
const SECRET = 'test-secret-test-secret-test-secret';

let t: TestApp;
let owner: { token: string; id: number };
let workDir: string;

type Row = Record<string, unknown> & { id: number };

async function call(method: 'GET' | 'PUT', url: string, body?: unknown) {
  const res = await t.request(method, `/api/v1${url}`, { token: owner.token, body });
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res.json();
}

const quiet: CommandIo = { print: () => {} };

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.signUp('mira');
  workDir = mkdtempSync(join(tmpdir(), 'ordo-rich-text-'));
  // Two of each kind of row: one is made hostile below, the other keeps the editor's document.
  const projectId = (await call('PUT', '/projects', { title: 'Yard', description: EDITOR_DOCUMENT })).id;
  await call('PUT', '/projects', { title: 'Shed', description: EDITOR_DOCUMENT });
  for (const title of ['Mow', 'Rake']) {
    const task = await call('PUT', `/projects/${projectId}/tasks`, { title, description: EDITOR_DOCUMENT });
    await call('PUT', `/tasks/${task.id}/comments`, { comment: EDITOR_DOCUMENT });
  }
  for (const title of ['Open', 'Late']) {
    await call('PUT', '/filters', {
      title,
      description: EDITOR_DOCUMENT,
      filters: { filter: 'done = false' },
    });
    await call('PUT', '/labels', { title, description: EDITOR_DOCUMENT });
    await call('PUT', '/teams', { name: title, description: EDITOR_DOCUMENT });
  }
});
afterAll(async () => {
  await t.close();
  rmSync(workDir, { recursive: true, force: true });
});

describe('migration 0036 on an upgrade', () => {
  it('cleans the bad rows of an older dump as it is restored, and leaves the rest byte-identical', async () => {
    const file = join(workDir, 'dump.json');
    await dumpDatabase(t.app.ordo.db, file, quiet, createFileStore(t.config));
    const dump = JSON.parse(readFileSync(file, 'utf8'));
    // The dump of an install from before the cleanup, whose rich text was stored as sent.
    dump.migrations = dump.migrations.filter((name: string) => name < CLEANUP);
    const tables = dump.tables as Record<string, Row[]>;
    // Nor had it the tables and columns of later migrations: the empty tables are left out (an
    // older table left out restores the same, empty) and so are the columns 0040, 0065 and 0066
    // added to tasks.
    for (const [table, rows] of Object.entries(tables)) if (rows.length === 0) delete tables[table];
    // Task activity (migration 0050) has rows from the tasks made above; that install had none.
    delete tables.task_activity;
    for (const row of tables.tasks) {
      delete row.repeat_rule;
      delete row.repeat_dates;
      delete row.caldav_sequence;
    }
    const bad = new Map<string, Set<number>>();
    for (const [table, column] of RICH_TEXT_COLUMNS) {
      const rows = tables[table].filter((row) => row[column] === EDITOR_DOCUMENT);
      expect(rows.length, table).toBe(2);
      rows[0][column] = HOSTILE_DOCUMENT;
      bad.set(table, new Set([rows[0].id]));
    }
    // Enough tasks for several batches, every third one hostile.
    const [template] = tables.tasks;
    const firstId = Math.max(...tables.tasks.map((row) => row.id)) + 1;
    for (let i = 0; i < 1200; i++) {
      const hostile = i % 3 === 0;
      const id = firstId + i;
      tables.tasks.push({
        ...template,
        id,
        index: 1000 + i,
        uid: `clone-${i}`,
        title: `Clone ${i}`,
        description: hostile ? HOSTILE_DOCUMENT : i % 3 === 1 ? EDITOR_DOCUMENT : 'Plain words',
      });
      if (hostile) bad.get('tasks')!.add(id);
    }
    // Notifications keep copies of what they are about: a hostile one and a clean one.
    const payload = (description: string) =>
      JSON.stringify({
        doer: { id: owner.id, username: 'mira' },
        project: { id: 1, title: 'Yard', description },
      });
    tables.notifications = [HOSTILE_DOCUMENT, EDITOR_DOCUMENT].map((description, i) => ({
      id: i + 1,
      user_id: owner.id,
      name: 'project.created',
      payload: payload(description),
      project_id: null,
      read_at: null,
      created: '2026-01-01T00:00:00Z',
    }));
    writeFileSync(file, JSON.stringify(dump));

    const empty = await createEmptyDatabase(testDialect);
    const config = loadConfig({
      DATABASE_URL: empty.url,
      ORDO_DATA_DIR: empty.dataDir,
      ORDO_JWT_SECRET: SECRET,
      ORDO_RATE_LIMIT: '0',
      ORDO_WEB_DIST: join(empty.dataDir, 'no-web'),
    });
    const db = openDatabase(config.database);
    try {
      await restoreDatabase(db, file, quiet, createFileStore(config));
      for (const [table, column] of RICH_TEXT_COLUMNS) {
        const { rows } = await sql<{ id: number; text: string; updated: string }>`SELECT id,
          ${sql.ref(column)} AS text, updated FROM ${sql.table(table)} ORDER BY id`.execute(db.kysely);
        const before = new Map(tables[table].map((row) => [row.id, row]));
        expect(rows.length, table).toBe(before.size);
        for (const row of rows) {
          const was = before.get(Number(row.id))!;
          const wanted = bad.get(table)!.has(Number(row.id)) ? HOSTILE_DOCUMENT_CLEANED : was[column];
          expect(row.text, `${table} ${row.id}`).toBe(wanted);
          expect(row.updated, `${table} ${row.id}`).toBe(was.updated);
        }
      }
      const notes = await sql<{ payload: string }>`SELECT payload FROM notifications ORDER BY id`.execute(
        db.kysely,
      );
      expect(notes.rows.map((row) => row.payload)).toEqual([
        payload(HOSTILE_DOCUMENT_CLEANED),
        payload(EDITOR_DOCUMENT),
      ]);
    } finally {
      await db.close();
    }

    // What a user then sees: the cleaned text, and no search hit on what was in the scripts.
    const app = await buildApp(config, { logger: false });
    try {
      const get = async (url: string) =>
        (
          await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${owner.token}` } })
        ).json();
      const [hostileTask] = bad.get('tasks')!;
      expect((await get(`/api/v1/tasks/${hostileTask}`)).description).toBe(HOSTILE_DOCUMENT_CLEANED);
      expect(await get('/api/v1/tasks/all?s=alert')).toEqual([]);
      const projects = (await get('/api/v1/projects')) as { title: string; description: string }[];
      expect(projects.filter((p) => p.description.includes('<script')).length).toBe(0);
    } finally {
      await app.close();
      await empty.drop();
    }
  });
});

describe('migration 0036 cleaning', () => {
  it('writes only the rows it changes, and nothing when run again', async () => {
    const db = t.app.ordo.db;
    const kysely = db.kysely as unknown as Kysely<unknown>;
    await sql`CREATE TABLE rich_text_writes (tbl varchar(40) NOT NULL, id integer NOT NULL)`.execute(kysely);
    if (db.dialect === 'postgres') {
      await sql`CREATE FUNCTION log_rich_text_write() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN INSERT INTO rich_text_writes VALUES (TG_TABLE_NAME, NEW.id); RETURN NEW; END $$`.execute(
        kysely,
      );
    }
    const hostile: [string, number][] = [];
    const createTrigger = async (table: string) => {
      const trigger = sql.raw(`rich_text_writes_${table}`);
      if (db.dialect === 'postgres') {
        await sql`CREATE TRIGGER ${trigger} AFTER UPDATE ON ${sql.table(table)}
          FOR EACH ROW EXECUTE FUNCTION log_rich_text_write()`.execute(kysely);
      } else {
        await sql`CREATE TRIGGER ${trigger} AFTER UPDATE ON ${sql.table(table)}
          BEGIN INSERT INTO rich_text_writes VALUES (${sql.lit(table)}, NEW.id); END`.execute(kysely);
      }
    };
    for (const [table, column] of RICH_TEXT_COLUMNS) {
      await createTrigger(table);
      const { rows } = await sql<{ id: number }>`SELECT id FROM ${sql.table(table)}
        WHERE ${sql.ref(column)} = ${EDITOR_DOCUMENT} ORDER BY id`.execute(kysely);
      const id = Number(rows[0].id);
      await sql`UPDATE ${sql.table(table)} SET ${sql.ref(column)} = ${HOSTILE_DOCUMENT} WHERE id = ${id}`.execute(
        kysely,
      );
      hostile.push([table, id]);
    }
    const payload = (description: string) =>
      JSON.stringify({ task: { description }, comment: { comment: description } });
    const note = async (text: string) =>
      Number(
        (
          await sql<{ id: number }>`INSERT INTO notifications (user_id, name, payload, created)
            VALUES (${owner.id}, 'task.comment', ${text}, '2026-01-01T00:00:00Z') RETURNING id`.execute(
            kysely,
          )
        ).rows[0].id,
      );
    const noteIds = [
      await note(payload(HOSTILE_DOCUMENT)),
      await note(payload(EDITOR_DOCUMENT)),
      await note('{no'),
    ];
    hostile.push(['notifications', noteIds[0]]);
    await createTrigger('notifications');
    await sql`DELETE FROM rich_text_writes`.execute(kysely);
    const writes = async () =>
      (await sql<{ tbl: string; id: number }>`SELECT tbl, id FROM rich_text_writes`.execute(kysely)).rows
        .map((r): [string, number] => [r.tbl, Number(r.id)])
        .sort();

    await richTextCleanup().up(kysely);
    expect(await writes()).toEqual([...hostile].sort());
    const notes = await sql<{ payload: string }>`SELECT payload FROM notifications
      WHERE id IN (${sql.join(noteIds)}) ORDER BY id`.execute(kysely);
    expect(notes.rows.map((row) => row.payload)).toEqual([
      payload(HOSTILE_DOCUMENT_CLEANED),
      payload(EDITOR_DOCUMENT),
      '{no',
    ]);

    await sql`DELETE FROM rich_text_writes`.execute(kysely);
    await richTextCleanup().up(kysely);
    expect(await writes()).toEqual([]);
  });
});

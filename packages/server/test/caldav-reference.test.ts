/**
 * The same CalDAV client scenarios (python3-caldav, support/caldav/scenarios.py) against Ordo and
 * against Radicale, the reference server: discovery from the bare server address, making a task
 * list, creating tasks, calendar-query with time ranges and text, sync-collection after changes
 * and a deletion, calendar-multiget, deleting the list, and time ranges over repeating tasks. Where Radicale answers a scenario, Ordo
 * must answer it the same; where they differ on purpose, the assertion says why.
 */
import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Radicale, SYSTEM_PYTHON, startRadicale } from './support/caldav/radicale.js';
import { createTestApp, type TestApp } from './support/test-app.js';

const run = promisify(execFile);
const SCRIPT = join(import.meta.dirname, 'support', 'caldav', 'scenarios.py');

async function scenarios(url: string, username: string, password: string): Promise<Record<string, unknown>> {
  const { stdout } = await run(SYSTEM_PYTHON, [SCRIPT, url, username, password], { timeout: 120_000 });
  return JSON.parse(stdout) as Record<string, unknown>;
}

let t: TestApp;
let radicale: Radicale;
let ordo: Record<string, unknown>;
let reference: Record<string, unknown>;

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/`;
  await t.signUp('refuser');
  radicale = await startRadicale();
  [ordo, reference] = await Promise.all([
    scenarios(base, 'refuser', 'tidy-otter-42'),
    scenarios(radicale.url, 'refuser', 'any-password'),
  ]);
}, 240_000);

afterAll(async () => {
  await radicale?.stop();
  await t?.close();
});

describe('python3-caldav against Ordo and Radicale', () => {
  it('discovers the principal and calendar home from the bare server address', () => {
    expect(ordo.discovery).toEqual({ principal: true, home: true });
    expect(ordo.discovery).toEqual(reference.discovery);
  });

  it('makes a task list that is listed once under its name', () => {
    expect(ordo.make_calendar).toEqual({ displayname: 'Harness list', listed: 1 });
    expect(ordo.make_calendar).toEqual(reference.make_calendar);
  });

  it('stores the tasks and finds the pending ones', () => {
    expect(ordo.all).toEqual(['t1', 't2', 't3', 't4']);
    expect(ordo.all).toEqual(reference.all);
    expect(ordo.pending).toEqual(['t1', 't2', 't3']);
    expect(ordo.pending).toEqual(reference.pending);
  });

  it('answers calendar-query time ranges by the VTODO rules, and text matches', () => {
    // t3 was sent without any date, and both keep it so: a VTODO without DTSTART, DUE,
    // COMPLETED or CREATED is in every range (RFC 4791 §9.9, last line).
    expect(ordo.time_range_june).toEqual(['t1', 't3']);
    expect(ordo.time_range_june).toEqual(reference.time_range_june);
    expect(ordo.time_range_2030).toEqual(['t3']);
    expect(ordo.time_range_2030).toEqual(reference.time_range_2030);
    expect(ordo.summary_milk).toEqual(['t1']);
    expect(ordo.summary_milk).toEqual(reference.summary_milk);
  });

  it('syncs only what changed, the deletion included, and then nothing', () => {
    expect(ordo.sync_initial).toEqual(['t1', 't2', 't3', 't4']);
    expect(ordo.sync_initial).toEqual(reference.sync_initial);
    expect(ordo.sync_changes).toEqual({
      updated: ['t1', 't5'],
      deleted: ['t3'],
      summaries: ['Buy oat milk', 'Water plants'],
    });
    expect(ordo.sync_changes).toEqual(reference.sync_changes);
    expect(ordo.sync_idle).toEqual({ updated: 0, deleted: 0 });
    expect(ordo.sync_idle).toEqual(reference.sync_idle);
    expect(ordo.after_sync).toEqual(reference.after_sync);
  });

  it('multiget answers the known objects and 404 for an unknown href', () => {
    expect(ordo.multiget).toEqual({ t1: 200, t2: 200, 'nothing-here': 404 });
    expect(ordo.multiget).toEqual(reference.multiget);
  });

  it('finds a repeating task by any of its instances in a time range', () => {
    expect(ordo.repeating).toEqual({
      june: ['r1', 'r5'],
      mid_july: ['r1', 'r3'],
      march_16: ['r1', 'r2'],
      // Gym's COUNT=6 ended on 19 March.
      march_23: ['r1'],
      // Stretch's 5 March instance is excluded (EXDATE).
      march_5: ['r2'],
      march_7: ['r4'],
      december_2025: [],
      // Boiler service has no rule: its own due date, then the dates it lists (RDATE), less the
      // one EXDATE cancels.
      january_15: ['r3', 'r6'],
      may_20: ['r6'],
      may_21: [],
      september_9: [],
      // Long after the list was made, and after Boiler service's own due date.
      june_2040: ['r1', 'r6'],
    });
    expect(ordo.repeating).toEqual(reference.repeating);
  });

  it('deletes the list', () => {
    expect(ordo.after_delete).toBe(0);
    expect(ordo.after_delete).toEqual(reference.after_delete);
  });
});

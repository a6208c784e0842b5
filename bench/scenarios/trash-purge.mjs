// Deleting a trashed task for good, on an instance whose files are few and on one with many, on
// SQLite and PostgreSQL: each of `ROUNDS` times, a task gets a small attachment, is deleted (into
// the trash) and its trash entry is deleted for good (DELETE /trash/:id, the one timed). The large
// instance has 20,000 tasks with an attachment each. Target: a purge there within 2× of a purge on
// the instance with none (it has only its own entry's files to let go). Also printed: how long the
// server takes to start on each (it sweeps every file nothing points at as it starts).
// `npm run bench -- trash-purge`.
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { benchDialects } from '../lib/dialects.mjs';
import { seededOrdo } from '../lib/seeded-ordo.mjs';
import { api } from '../lib/server.mjs';

export const name = 'trash-purge';
export const onlyWhenNamed = true;

const FILES = 20_000;
const ROUNDS = 15;

/** One stored file and one attachment per task of the project, as the API would leave them. */
async function seedAttachments(db, projectId) {
  const files = `insert into files (id, name, mime, size, created_by_id, created)
    select id, 'note-' || id || '.txt', 'text/plain', 12, created_by_id, created
    from tasks where project_id = ${Number(projectId)}`;
  const attachments = `insert into task_attachments (task_id, file_id, created_by_id, created)
    select id, id, created_by_id, created from tasks where project_id = ${Number(projectId)}`;
  if (db.sqliteFile) {
    const sqlite = new SQLite(db.sqliteFile);
    sqlite.pragma('busy_timeout = 10000');
    sqlite.exec(files);
    sqlite.exec(attachments);
    sqlite.exec('analyze');
    sqlite.close();
    return;
  }
  const client = new pg.Client({ connectionString: db.pgUrl });
  await client.connect();
  try {
    await client.query(files);
    await client.query(attachments);
    await client.query(`select setval(pg_get_serial_sequence('files', 'id'), (select max(id) from files))`);
    await client.query('vacuum analyze files');
    await client.query('vacuum analyze task_attachments');
  } finally {
    await client.end();
  }
}

/** Milliseconds from stopping the server to its answering again on the same data. */
async function timedRestart(ordo) {
  const started = performance.now();
  await ordo.restart();
  return Math.round(performance.now() - started);
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Milliseconds of each purge, after the task went to the trash with its attachment. */
async function purges(instance) {
  const { ordo, project, headers } = instance;
  const token = headers.authorization.slice('Bearer '.length);
  const times = [];
  for (let i = 0; i < ROUNDS; i++) {
    const task = await api(ordo.base, 'PUT', `/projects/${project.id}/tasks`, {
      token,
      body: { title: `Purged ${i}` },
    });
    const form = new FormData();
    form.append('files', new Blob(['twelve bytes']), `purged-${i}.txt`);
    const upload = await fetch(`${ordo.base}/api/v1/tasks/${task.id}/attachments`, {
      method: 'PUT',
      headers,
      body: form,
    });
    if (!upload.ok) throw new Error(`upload → ${upload.status} ${await upload.text()}`);
    await api(ordo.base, 'DELETE', `/tasks/${task.id}`, { token });
    const entry = (await api(ordo.base, 'GET', '/trash', { token })).find(
      (e) => e.kind === 'task' && e.item_id === task.id,
    );
    const started = performance.now();
    await api(ordo.base, 'DELETE', `/trash/${entry.id}`, { token });
    times.push(performance.now() - started);
  }
  return times;
}

export async function run() {
  const results = {};
  let pass = true;
  for (const dialect of benchDialects()) {
    const few = await seededOrdo({ dialect, port: 3515, count: 10, label: 'purgefew' });
    let baseline;
    let baselineStart;
    try {
      baselineStart = await timedRestart(few.ordo);
      baseline = await purges(few);
    } finally {
      await few.stop();
    }
    const many = await seededOrdo({ dialect, port: 3515, count: FILES, label: 'purgemany' });
    let measured;
    let start;
    try {
      await seedAttachments(many.db, many.project.id);
      start = await timedRestart(many.ordo);
      measured = await purges(many);
    } finally {
      await many.stop();
    }
    const ratio = median(measured) / median(baseline);
    const ok = ratio <= 2;
    if (!ok) pass = false;
    console.log(
      `${dialect}: purge ${median(baseline).toFixed(1)} ms with no other files, ` +
        `${median(measured).toFixed(1)} ms beside ${FILES.toLocaleString('en')} → ${ratio.toFixed(2)}× ` +
        `(target ≤ 2×) ${ok ? 'met' : 'NOT met'}; start ${baselineStart} ms, ${start} ms beside them`,
    );
    results[dialect] = { baselineMs: baseline, manyFilesMs: measured, ratio, baselineStart, start };
  }
  return { files: FILES, rounds: ROUNDS, results, pass };
}

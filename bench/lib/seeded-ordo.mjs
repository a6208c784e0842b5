// Ordo on SQLite or on a fresh PostgreSQL database, with a user, one project and `count` tasks
// seeded into the database (see seed.mjs). Used by the scenarios that need many tasks.
import { createPgDatabase, databaseOf, seedTasks, settledSearchPostings } from './seed.mjs';
import { api, MEASURING, signUp, startOrdo } from './server.mjs';

export async function seededOrdo({ dialect, port, count, label }) {
  const pgDb = dialect === 'postgres' ? await createPgDatabase(label) : null;
  const ordo = await startOrdo({ port, databaseUrl: pgDb?.url, env: MEASURING });
  try {
    const token = await signUp(ordo.base);
    const user = await api(ordo.base, 'GET', '/user', { token });
    const project = await api(ordo.base, 'PUT', '/projects', {
      token,
      body: { title: 'Bench', identifier: 'BENCH' },
    });
    const listView = project.views.find((v) => v.view_kind === 'list');
    const started = Date.now();
    await seedTasks(databaseOf(ordo, pgDb?.url), {
      projectId: project.id,
      userId: user.id,
      count,
      viewId: listView.id,
    });
    console.log(`${dialect}: seeded ${count} tasks in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    // The rows went in behind the server's back: it starts again on them, as after a restore, and
    // gathers its planner statistics at start (packages/server/src/db/planner-statistics.ts).
    await ordo.restart();
    const settled = await settledSearchPostings(databaseOf(ordo, pgDb?.url));
    console.log(`${dialect}: search postings compacted ${settled.toFixed(1)} s after start`);
    return {
      ordo,
      headers: { authorization: `Bearer ${token}` },
      project,
      listView,
      /** The database, for a scenario that seeds more rows (see seed.mjs). */
      db: databaseOf(ordo, pgDb?.url),
      async stop() {
        await ordo.stop();
        await pgDb?.drop();
      },
    };
  } catch (error) {
    await ordo.stop();
    await pgDb?.drop();
    throw error;
  }
}

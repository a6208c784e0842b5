/**
 * The server processes on one port (ORDO_WORKERS). Node runs a process's JavaScript on one core,
 * so one process leaves the other cores of the host idle however busy it is.
 *
 * The primary process prepares the database (migrations, SQLite planner statistics, the sweep of
 * files nothing points at) once, then starts the workers one after another. Every worker is a
 * whole Ordo server (app.ts) without those duties, and accepts connections itself from the shared
 * socket (connection-scheduling.ts). State shared between requests lives in the database
 * (sessions, the login rate limit), so it does not matter which worker answers. SQLite allows
 * this: readers never wait (WAL), and a writer waits for another's write lock (busy_timeout,
 * `begin immediate`; see db/statement-cache.ts).
 *
 * A worker that dies is replaced. A worker that cannot start, or workers dying over and over,
 * stop the server with an error, rather than respawning in a loop.
 */
import cluster, { type Worker } from 'node:cluster';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { preparedDatabase } from './app.js';
import type { Config } from './config.js';
import { connectionScheduling } from './connection-scheduling.js';
import { startHousekeeping } from './jobs/housekeeping.js';
import { jobLeadership } from './jobs/leadership.js';
import { startPostingsCompaction } from './jobs/search-postings.js';
import { sweepOrphanFilesAtStart } from './modules/attachments/files/orphans.js';
import { relayLiveAnnouncements } from './modules/live/channel.js';
import { serveClusterMetrics } from './modules/metrics/cluster-metrics.js';
import { addGaugeSource } from './modules/metrics/gauge-sources.js';
import { workerExecArgv } from './worker-flags.js';

/** More replacements than this within a minute means something is wrong with every start. */
const MAX_RESPAWNS_PER_MINUTE = 5;

export async function runPrimary(config: Config): Promise<void> {
  const log = pino({ level: config.logLevel });
  const db = await preparedDatabase(config);
  await sweepOrphanFilesAtStart(db.kysely, config, log);
  // Due account deletions and expired data exports, swept here once for all the workers.
  // With other servers on the same PostgreSQL database, the one leading a job runs it.
  const leadership = jobLeadership(config.database, log);
  const housekeeping = startHousekeeping(db.kysely, config, log, { leadership });
  const postingsCompaction = startPostingsCompaction(db, log, { leadership });
  // Set before the first fork: each worker accepts its own connections (connection-scheduling.ts).
  cluster.schedulingPolicy =
    connectionScheduling(process.env) === 'rr' ? cluster.SCHED_RR : cluster.SCHED_NONE;
  // Workers run main.js itself, with this process's environment, even when a script that sets
  // up the environment imported main.js (the end-to-end harness does): run again, such a script
  // would set up another one.
  cluster.setupPrimary({
    exec: fileURLToPath(new URL('./main.js', import.meta.url)),
    execArgv: workerExecArgv(process.execArgv, process.env.NODE_OPTIONS),
  });
  // New notifications written by one worker reach the live sockets of the others (SQLite).
  relayLiveAnnouncements();
  // A scrape of /metrics reaches one worker, which asks here for the sum over all processes.
  addGaugeSource({ db, websockets: () => 0 });
  serveClusterMetrics();
  let stopping = false;
  const respawns: number[] = [];

  const stop = async (exitCode: number) => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
    await Promise.all(
      workers.map(
        (worker) =>
          new Promise<void>((resolve) => {
            if (worker.isDead()) return resolve();
            worker.once('exit', () => resolve());
            // Each worker closes its server, answering the requests under way (app.ts).
            worker.process.kill('SIGTERM');
          }),
      ),
    );
    await housekeeping.stop();
    await postingsCompaction.stop();
    await leadership.close();
    await db.close();
    process.exit(exitCode);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));

  /** Starts one worker; resolves when it listens, rejects when it exits before. */
  const startWorker = () =>
    new Promise<Worker>((resolve, reject) => {
      const worker = cluster.fork();
      const failed = (code: number | null) =>
        reject(new Error(`a server process exited with code ${code} while starting`));
      worker.once('exit', failed);
      worker.once('listening', () => {
        worker.off('exit', failed);
        worker.once('exit', (code, signal) => void replace(worker, code, signal));
        resolve(worker);
      });
    });

  const replace = async (worker: Worker, code: number | null, signal: string | null) => {
    if (stopping) return;
    log.error(`server process ${worker.process.pid} ended (${signal ?? `code ${code}`}); starting another`);
    const now = Date.now();
    respawns.push(now);
    while (respawns[0] < now - 60_000) respawns.shift();
    if (respawns.length > MAX_RESPAWNS_PER_MINUTE) {
      log.error('server processes keep ending; Ordo stops');
      return stop(1);
    }
    try {
      await startWorker();
    } catch (error) {
      log.error((error as Error).message);
      await stop(1);
    }
  };

  try {
    // One at a time: each worker opens the database while no other is starting. A stop asked for
    // meanwhile (SIGTERM during start-up) ends the loop: no worker is started after it, and the
    // worker it ended is not reported as a failure.
    for (let i = 0; i < config.workers && !stopping; i++) await startWorker();
  } catch (error) {
    if (stopping) return;
    log.error((error as Error).message);
    return stop(1);
  }
  if (stopping) return;
  log.info(
    `Ordo is ready on port ${config.port} (${config.database.kind}, ${config.workers} server ${config.workers === 1 ? 'process' : 'processes'})`,
  );
}

// Issue 2: GET /api/v1/user with a valid token at 10 connections, against a bare Fastify route
// that returns the same bytes from memory, in the same run. Target: the authenticated request
// costs at most 3 times the bare route, judged on the reported figures (req/s). On a 2-core machine
// the load generator shares the CPU, so we also report the server's own CPU time per request, the
// stricter measure of cost, and print both ratios.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { cpuPerRequest } from '../lib/cpu.mjs';
import { load, printRow } from '../lib/load.mjs';
import { root, signUp, startOrdo, waitFor } from '../lib/server.mjs';

export const name = 'current-user';

export async function run({ duration }) {
  // One server process, as the bare route has: the target compares the cost of a request.
  const ordo = await startOrdo({ port: 3491, workers: 1 });
  try {
    const token = await signUp(ordo.base);
    const headers = { authorization: `Bearer ${token}` };
    const body = await (await fetch(`${ordo.base}/api/v1/user`, { headers })).text();
    // The bare route runs with the V8 settings Ordo's server processes get (worker-flags.ts).
    const { WORKER_V8_FLAGS } = await import(join(root, 'packages/server/dist/worker-flags.js'));
    const bare = spawn(process.execPath, [...WORKER_V8_FLAGS, join(root, 'bench/lib/bare-server.mjs')], {
      env: { ...process.env, PORT: '3492', BODY: body },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    try {
      await waitFor('http://127.0.0.1:3492/bare');
      const bareResult = await cpuPerRequest(bare.pid, () =>
        load('http://127.0.0.1:3492/bare', { duration }),
      );
      const userResult = await cpuPerRequest(ordo.pid, () =>
        load(`${ordo.base}/api/v1/user`, { duration, headers }),
      );
      printRow('bare Fastify route, same bytes', bareResult);
      printRow('GET /api/v1/user (JWT + session check)', userResult);
      const throughputRatio = bareResult.requestsPerSecond / userResult.requestsPerSecond;
      const cpuRatio = userResult.cpuMicrosPerRequest / bareResult.cpuMicrosPerRequest;
      console.log(`throughput, bare ÷ /user: ${throughputRatio.toFixed(2)} (target ≤ 3)`);
      console.log(
        `server CPU per request, /user ÷ bare: ${cpuRatio.toFixed(2)} (stricter: excludes the load generator)`,
      );
      return {
        bare: bareResult,
        user: userResult,
        cpuRatio: Number(cpuRatio.toFixed(2)),
        throughputRatio: Number(throughputRatio.toFixed(2)),
        pass: throughputRatio <= 3,
      };
    } finally {
      bare.kill('SIGTERM');
    }
  } finally {
    await ordo.stop();
  }
}

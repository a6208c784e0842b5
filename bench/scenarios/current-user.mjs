// Issue 2: GET /api/v1/user with a valid token at 10 connections, against a bare Fastify route
// that returns the same bytes from memory, in the same run. Target: ratio ≤ 3.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { load, printRow } from '../lib/load.mjs';
import { root, signUp, startOrdo, waitFor } from '../lib/server.mjs';

export const name = 'current-user';

export async function run({ duration }) {
  const ordo = await startOrdo({ port: 3491 });
  try {
    const token = await signUp(ordo.base);
    const headers = { authorization: `Bearer ${token}` };
    const body = await (await fetch(`${ordo.base}/api/v1/user`, { headers })).text();
    const bare = spawn(process.execPath, [join(root, 'bench/lib/bare-server.mjs')], {
      env: { ...process.env, PORT: '3492', BODY: body },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    try {
      await waitFor('http://127.0.0.1:3492/bare');
      const bareResult = await load('http://127.0.0.1:3492/bare', { duration });
      const userResult = await load(`${ordo.base}/api/v1/user`, { duration, headers });
      printRow('bare Fastify route, same bytes', bareResult);
      printRow('GET /api/v1/user (JWT + session check)', userResult);
      const ratio = bareResult.requestsPerSecond / userResult.requestsPerSecond;
      console.log(`cost ratio (bare req/s ÷ /user req/s): ${ratio.toFixed(2)} (target ≤ 3)`);
      return { bare: bareResult, user: userResult, ratio: Number(ratio.toFixed(2)), pass: ratio <= 3 };
    } finally {
      bare.kill('SIGTERM');
    }
  } finally {
    await ordo.stop();
  }
}

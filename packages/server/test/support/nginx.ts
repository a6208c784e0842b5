/**
 * Debian's nginx in front of several Ordo servers, as an operator puts it there: one upstream of
 * them all, WebSockets passed through, and a request that fails on one server (connection
 * refused, or cut off) tried on the next. Writes are retried too (`non_idempotent`): the client
 * sends an Idempotency-Key, so a retried write is answered once (modules/idempotency).
 * Runs in the foreground in one process as the current user, in a folder of its own.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const NGINX = process.env.ORDO_NGINX ?? '/usr/sbin/nginx';

export interface Nginx {
  url: string;
  output(): string;
  stop(): Promise<void>;
}

export function nginxConfig(listenPort: number, upstreamPorts: number[], dir: string): string {
  const servers = upstreamPorts
    .map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=10s;`)
    .join('\n');
  return `daemon off;
master_process off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  client_max_body_size 50m;
  map $http_upgrade $connection_upgrade { default upgrade; '' close; }
  upstream ordo {
${servers}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${listenPort};
    location / {
      proxy_pass http://ordo;
      proxy_http_version 1.1;
      proxy_set_header Host $host;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_connect_timeout 2s;
      proxy_read_timeout 60s;
      proxy_next_upstream error timeout http_502 http_503 non_idempotent;
      proxy_next_upstream_tries 3;
    }
  }
}
`;
}

export async function startNginx(listenPort: number, upstreamPorts: number[]): Promise<Nginx> {
  if (!existsSync(NGINX)) {
    throw new Error(`nginx is missing at ${NGINX} (Debian package "nginx"; .ci/run installs it)`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'ordo-nginx-'));
  const conf = join(dir, 'nginx.conf');
  writeFileSync(conf, nginxConfig(listenPort, upstreamPorts, dir));
  let output = '';
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', conf, '-e', join(dir, 'error.log')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx did not start:\n${output}`);
    const up = await new Promise<boolean>((resolve) => {
      const socket = connect(listenPort, '127.0.0.1', () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (up) break;
    if (Date.now() > deadline) throw new Error(`nginx did not listen on ${listenPort}:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url: `http://127.0.0.1:${listenPort}`,
    output: () => output,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

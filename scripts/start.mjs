#!/usr/bin/env node
// `npm start`: build whatever is missing or older than its sources, then serve Ordo.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

function newestMtime(dir) {
  let newest = 0;
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}

const parts = [
  { name: '@ordo/core', output: 'packages/core/dist/index.js', sources: ['packages/core/src'] },
  {
    name: '@ordo/server',
    output: 'packages/server/dist/main.js',
    sources: ['packages/server/src', 'packages/core/src'],
  },
  {
    name: '@ordo/web',
    output: 'packages/web/dist/index.html',
    sources: ['packages/web/src', 'packages/web/index.html', 'packages/core/src'],
  },
];

for (const part of parts) {
  const output = join(root, part.output);
  const stale =
    !existsSync(output) ||
    Math.max(
      ...part.sources.map((s) => {
        const p = join(root, s);
        return existsSync(p) && statSync(p).isFile() ? statSync(p).mtimeMs : newestMtime(p);
      }),
    ) > statSync(output).mtimeMs;
  if (!stale) continue;
  console.log(`Building ${part.name}…`);
  const result = spawnSync('npm', ['run', 'build', '-w', part.name], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import(join(root, 'packages/server/dist/main.js'));

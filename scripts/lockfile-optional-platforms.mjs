#!/usr/bin/env node
// Keeps `npm ci` working when the registry lacks some platform-specific optional packages
// (e.g. @biomejs/cli-android-arm64). `npm install` then leaves them out of package-lock.json,
// but `npm ci` still expects an entry for every optional dependency and refuses the lock
// (npm/cli#9846). This records each missing one with the exact version its parent pins and the
// os/cpu/libc its name states, so `npm ci` validates the lock and skips them on this platform.
// Run after `npm install` changes the lock: `npm run lock:platforms`.
import { readFileSync, writeFileSync } from 'node:fs';

const lockPath = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const packages = lock.packages;

const OSES = [
  'android',
  'darwin',
  'freebsd',
  'linux',
  'win32',
  'openbsd',
  'netbsd',
  'sunos',
  'aix',
  'openharmony',
  'cygwin',
];
const CPUS = ['arm64', 'x64', 'arm', 'ia32', 'loong64', 'ppc64', 'riscv64', 's390x', 'mips64el', 'wasm32'];

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = OSES.find((o) => parts.includes(o) || (o === 'win32' && parts.includes('windows')));
  const cpu = CPUS.find((c) => parts.includes(c) || (c === 'x64' && parts.includes('x86_64')));
  const libc = parts.includes('musl')
    ? 'musl'
    : parts.includes('gnu') || parts.includes('gnueabihf')
      ? 'glibc'
      : null;
  return { os, cpu, libc };
}

/** Where npm would look for `name` from the package at `fromPath`. */
function isResolvable(fromPath, name) {
  let base = fromPath;
  while (true) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (packages[candidate]) return true;
    if (!base) return false;
    const i = base.lastIndexOf('/node_modules/');
    base = i === -1 ? '' : base.slice(0, i);
  }
}

let added = 0;
const skipped = [];
for (const [path, entry] of Object.entries(packages)) {
  for (const [name, spec] of Object.entries(entry.optionalDependencies ?? {})) {
    if (isResolvable(path, name)) continue;
    const { os, cpu, libc } = platformOf(name);
    if (!/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(spec) || (!os && !cpu)) {
      skipped.push(`${name}@${spec} (from ${path || 'root'})`);
      continue;
    }
    packages[`node_modules/${name}`] = {
      version: spec,
      ...(cpu ? { cpu: [cpu] } : {}),
      ...(entry.dev ? { dev: true } : {}),
      ...(libc ? { libc: [libc] } : {}),
      optional: true,
      ...(os ? { os: [os] } : {}),
    };
    added++;
  }
}

// Keep npm's ordering: packages sorted by path, root first.
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b, 'en'))),
);
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: recorded ${added} missing platform-specific optional packages.`);
if (skipped.length)
  console.log(`Not recorded (not an exact version or no platform in the name):\n  ${skipped.join('\n  ')}`);

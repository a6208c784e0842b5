#!/usr/bin/env node
// `node bench/profile.mjs <file.cpuprofile> [top]`: the functions (self time) and source files
// (self time summed) that took the most CPU in a V8 profile, e.g. one written by a benchmark run
// with BENCH_PROFILE_DIR set.
import { readFileSync } from 'node:fs';

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node bench/profile.mjs <file.cpuprofile> [top]');
  process.exit(2);
}
const top = Number(topArg ?? 40);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const selfMicros = new Map();
for (let i = 0; i < profile.samples.length; i++) {
  const id = profile.samples[i];
  selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
}
const total = [...selfMicros.values()].reduce((a, b) => a + b, 0);
const byFunction = new Map();
const byFile = new Map();
for (const [id, micros] of selfMicros) {
  const { callFrame } = byId.get(id);
  const where = callFrame.url
    .replace(/^file:\/\/.*?node_modules\//, '~/')
    .replace(/^file:\/\/.*?packages\//, '');
  const fn = `${callFrame.functionName || '(anonymous)'} ${where}:${callFrame.lineNumber + 1}`;
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + micros);
  byFile.set(where || callFrame.functionName, (byFile.get(where || callFrame.functionName) ?? 0) + micros);
}
const print = (title, map) => {
  console.log(`\n## ${title}`);
  for (const [key, micros] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${((micros / total) * 100).toFixed(1).padStart(5)}%  ${key}`);
  }
};
console.log(`total ${(total / 1000).toFixed(0)} ms sampled`);
print('functions by self time', byFunction);
print('files by self time', byFile);

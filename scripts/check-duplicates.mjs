#!/usr/bin/env node
// No copied code: jscpd over every package's sources (tests left out) finds no block of six or
// more lines repeated, unless the pair of files is listed with its reason under "Repeated code
// left as it is" in CONTRIBUTING.md. Run by `npm test`; exits 1 naming each unlisted copy.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
// jscpd's ES module build imports a CommonJS path without its extension; its CommonJS build works.
const { detectClones } = createRequire(join(root, 'package.json'))('jscpd');

const SOURCES = ['packages/core/src', 'packages/server/src', 'packages/web/src'];
const MIN_LINES = 6;
const HEADING = '## Repeated code left as it is';

/** The file pairs CONTRIBUTING.md lists: lines "- `a` and `b`: reason" under the heading. */
function allowedPairs() {
  const text = readFileSync(join(root, 'CONTRIBUTING.md'), 'utf8');
  const start = text.indexOf(HEADING);
  if (start < 0) return new Set();
  const section = text.slice(start + HEADING.length).split(/\n## /)[0];
  const pairs = new Set();
  for (const line of section.split('\n')) {
    const match = /^- `([^`]+)` and `([^`]+)`: \S/.exec(line);
    if (match) pairs.add(pairKey(match[1], match[2]));
  }
  return pairs;
}

function pairKey(a, b) {
  return [a, b].sort().join(' | ');
}

const clones = await detectClones({
  path: SOURCES.map((dir) => join(root, dir)),
  minLines: MIN_LINES,
  // Generated SQL snapshots (scripts/sql-snapshots.mjs) repeat by nature; they are not code.
  ignore: ['**/*.test.ts', '**/*.test.tsx', '**/test/**', '**/*.sql'],
  silent: true,
  reporters: [],
});
const allowed = allowedPairs();
const relative = (file) => file.replace(root, '');
const unlisted = clones.filter(
  (clone) =>
    !allowed.has(pairKey(relative(clone.duplicationA.sourceId), relative(clone.duplicationB.sourceId))),
);
for (const clone of unlisted) {
  const where = (d) => `${relative(d.sourceId)}:${d.start.line}-${d.end.line}`;
  console.error(`repeated code: ${where(clone.duplicationA)} and ${where(clone.duplicationB)}`);
}
if (unlisted.length) {
  console.error(
    `\n${unlisted.length} block(s) of ${MIN_LINES}+ lines repeated. Share the code, or list the pair with a one-line reason under "${HEADING}" in CONTRIBUTING.md.`,
  );
  process.exit(1);
}
console.log(`No unlisted repeated code (${clones.length} listed pair(s) left as they are).`);

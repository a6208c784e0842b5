#!/usr/bin/env node
// The production dependency tree stays clean: every package runs on the Node.js versions Ordo
// declares (no engine warnings at `npm ci`), no package is installed in two major versions
// unless the reason is written below, and every install script is decided in `allowScripts`.
// Run by `npm test`; exits 1 with the findings.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const semver = createRequire(join(root, 'package.json'))('semver');

/** Two majors we cannot merge ourselves: each names the packages that ask for both. */
const ALLOWED_TWO_MAJORS = {
  // ajv 8 and @fastify/swagger's json-schema-resolver ask for 3; fastify's own compiler for 4.
  'fast-uri': 'ajv and json-schema-resolver still require fast-uri 3, @fastify/ajv-compiler 4',
  // htmlparser2 10 uses entities 7; dom-serializer 2, which it also uses, still entities 4.
  entities: 'htmlparser2 (sanitize-html) requires entities 7, its dom-serializer entities 4',
};

const ownPackage = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const declared = ownPackage.engines.node;
const oldestNode = semver.minVersion(declared).version;
const lock = JSON.parse(readFileSync(join(root, 'package-lock.json'), 'utf8'));
const problems = [];

// The production tree as npm resolves it: paths of every package a workspace needs at run time.
const tree = JSON.parse(
  execFileSync('npm', ['ls', '--omit=dev', '--all', '--json', '--long'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  }),
);
const production = new Map();
(function walk(node) {
  for (const dep of Object.values(node.dependencies ?? {})) {
    if (!dep.path || production.has(dep.path)) continue;
    production.set(dep.path, dep);
    walk(dep);
  }
})(tree);

const majors = new Map();
for (const [path, dep] of production) {
  const entry = lock.packages[path.slice(root.length).replace(/^\/+/, '')] ?? {};
  const engines = entry.engines?.node;
  if (engines && !(semver.satisfies(oldestNode, engines) && semver.satisfies(process.version, engines))) {
    problems.push(`${dep.name}@${dep.version} needs Node.js ${engines}; Ordo declares ${declared}`);
  }
  if (dep.version && !entry.link) {
    const byMajor = majors.get(dep.name) ?? new Map();
    byMajor.set(semver.major(dep.version), dep.version);
    majors.set(dep.name, byMajor);
  }
}
for (const [name, byMajor] of majors) {
  if (byMajor.size > 1 && !ALLOWED_TWO_MAJORS[name]) {
    problems.push(
      `${name} is installed in ${byMajor.size} major versions: ${[...byMajor.values()].join(', ')}`,
    );
  }
}
for (const [path, entry] of Object.entries(lock.packages)) {
  const name = path.split('node_modules/').pop();
  if (entry.hasInstallScript && !(name in (ownPackage.allowScripts ?? {}))) {
    problems.push(`${name} has an install script that allowScripts in package.json does not decide`);
  }
}

if (problems.length > 0) {
  console.error(`Dependency check: ${problems.length} finding(s)\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
console.log(
  `Dependency check: ${production.size} production packages run on Node.js ${declared}, one major each (but ${Object.keys(ALLOWED_TWO_MAJORS).join(', ')}), install scripts decided`,
);

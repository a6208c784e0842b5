#!/usr/bin/env node
// `npm test`: every test. Lint, type check, the dependency, import-cycle and repeated-code checks,
// build, the first screen's download budget, Lighthouse on the first screens, then unit and API
// tests (SQLite and PostgreSQL) with Vitest, then end-to-end tests in Debian's Chromium with
// Playwright. Missing prerequisites fail loudly: nothing is skipped. Ends with one summary line:
// "tests: N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const pg = createRequire(join(new URL('..', import.meta.url).pathname, 'packages/server/package.json'))('pg');

const root = new URL('..', import.meta.url).pathname;
const reports = join(root, '.test-reports');
const chromium = process.env.ORDO_CHROMIUM ?? '/usr/bin/chromium';
const pgUrl = process.env.ORDO_TEST_PG_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/postgres';

/** Each step's wall time, printed at the end so a slow CI run shows where its minutes went. */
const stepTimes = [];

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label} ===`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  stepTimes.push([label, Date.now() - started]);
  return result.status === 0;
}

function printStepTimes() {
  console.log('\nstep times:');
  for (const [label, ms] of stepTimes) console.log(`  ${(ms / 60_000).toFixed(1).padStart(5)} min  ${label}`);
}

async function checkPrerequisites() {
  const problems = [];
  if (!existsSync(chromium))
    problems.push(`Chromium is missing at ${chromium} (Debian package "chromium"; .ci/run installs it).`);
  const client = new pg.Client({ connectionString: pgUrl, connectionTimeoutMillis: 5000 });
  try {
    await client.connect();
    await client.end();
  } catch (error) {
    problems.push(
      `PostgreSQL is not reachable at ${pgUrl} (${error.message}); .ci/run installs and starts it.`,
    );
  }
  if (problems.length) {
    console.error(`\nCannot run the tests:\n- ${problems.join('\n- ')}`);
    process.exit(1);
  }
}

function countVitest() {
  const file = join(reports, 'vitest.json');
  if (!existsSync(file)) return { passed: 0, failed: 1 };
  const r = JSON.parse(readFileSync(file, 'utf8'));
  return {
    passed: r.numPassedTests,
    failed: r.numFailedTests + (r.numTotalTestSuites && !r.success && r.numFailedTests === 0 ? 1 : 0),
  };
}

/** Titles of the tests whose outcome was "flaky" (failed first, passed on the retry). */
function flakyTitles(suite, path = []) {
  const here = suite.title ? [...path, suite.title] : path;
  const titles = [];
  for (const spec of suite.specs ?? [])
    for (const test of spec.tests ?? [])
      if (test.status === 'flaky') titles.push(`[${test.projectName}] ${[...here, spec.title].join(' › ')}`);
  for (const child of suite.suites ?? []) titles.push(...flakyTitles(child, here));
  return titles;
}

function countPlaywright() {
  const file = join(reports, 'playwright.json');
  if (!existsSync(file)) return { passed: 0, failed: 1, flaky: [] };
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const s = report.stats;
  const flaky = (report.suites ?? []).flatMap((suite) => flakyTitles(suite));
  return { passed: s.expected + s.flaky, failed: s.unexpected + (s.skipped ? s.skipped : 0), flaky };
}

await checkPrerequisites();
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

// The checks over the code come first: a finding of any of them fails the run, after the tests
// have still run so that one report shows everything.
const checks = [
  ['lint (Biome, warnings included)', 'npx', ['biome', 'check', '--error-on-warnings', '.']],
  ['type check (every package, tests included)', 'npm', ['run', 'typecheck']],
  ['dependency check', 'node', ['scripts/check-dependencies.mjs']],
  ['SQL snapshots up to date (npm run sql:snapshots)', 'node', ['scripts/sql-snapshots.mjs', '--check']],
  ['import cycles (every package)', 'node', ['scripts/check-cycles.mjs']],
  ['repeated code (jscpd, CONTRIBUTING.md lists what is left)', 'node', ['scripts/check-duplicates.mjs']],
];
const failedChecks = checks
  .filter(([label, command, args]) => !run(label, command, args))
  .map(([label]) => label);

let ok = run('build', 'npm', ['run', 'build']);
if (!ok) {
  console.error('\nThe build failed; no tests were run.');
  console.log(`tests: 0 passed, ${1 + failedChecks.length} failed`);
  process.exit(1);
}
// The OpenAPI document of the build, linted with Redocly's CLI (redocly.yaml).
if (!run('OpenAPI document (Redocly lint)', 'node', ['scripts/check-openapi.mjs'])) {
  failedChecks.push('OpenAPI document (Redocly lint)');
}
// The container image's steps (scripts/build-image-root.sh) in a clean copy, and its server started.
if (!run('container image root (build, start, log in)', 'node', ['scripts/check-image-root.mjs'])) {
  failedChecks.push('container image root');
}
// The first screen's download (bench/web-budget.mjs): over 200 KB gzip of JS and CSS fails, as
// does a first screen over its own limit (login, home, task detail).
if (!run('first-screen budgets (200 KB gzip; each screen its own)', 'node', ['bench/web-budget.mjs']))
  failedChecks.push('first-screen budget');
// Lighthouse's mobile profile on the first screens, one run each, a missed limit tried again twice
// (a small fixed budget; the medians of 3 on every page are bench/lighthouse.mjs's). Layout shift
// is held at its target. The score, whose target is not met yet (README "Speed on a slow phone"),
// has a floor below what a busy host gives (login 88 and home 60 on a quiet host; 46 and 33 with
// tests running beside it). LCP and blocking time are reported, not held: other work on the host
// moved home's blocking time from about 1 s to 17 s. Login's LCP is held at 2.5 s: the page the
// server draws (packages/server/src/http/login-screen.ts) measures 0.75–1.9 s, the start screen
// it replaces 3.0–3.2 s, so a login page no longer drawn fails here.
const NOT_HELD = null;
const LIGHTHOUSE_LIMITS = {
  login: { score: 40, lcpMs: 2500, tbtMs: NOT_HELD, cls: 0.02 },
  home: { score: 25, lcpMs: NOT_HELD, tbtMs: NOT_HELD, cls: 0.02 },
};
if (
  !run('Lighthouse (login and home, one run each)', 'node', [
    'bench/lighthouse.mjs',
    '--pages',
    'login,home',
    '--runs',
    '1',
    '--tries',
    '3',
    '--check',
    '--limits',
    JSON.stringify(LIGHTHOUSE_LIMITS),
  ])
)
  failedChecks.push('Lighthouse limits');
const vitestOk = run('unit and API tests (SQLite, PostgreSQL)', 'npx', ['vitest', 'run'], {
  CI: 'true',
  ORDO_TEST_PG_URL: pgUrl,
});
const e2eOk = run(
  'end-to-end tests (Chromium)',
  'npx',
  ['playwright', 'test', '-c', 'e2e/playwright.config.ts'],
  {
    ORDO_TEST_PG_URL: pgUrl,
    ORDO_CHROMIUM: chromium,
  },
);
ok = vitestOk && e2eOk;

printStepTimes();
const v = countVitest();
const p = countPlaywright();
console.log(`\nunit+api: ${v.passed} passed, ${v.failed} failed`);
console.log(`e2e: ${p.passed} passed, ${p.failed} failed`);
if (p.flaky.length) {
  console.log(`\nFLAKY: ${p.flaky.length} e2e test(s) failed once and passed on the retry; look into them:`);
  for (const title of p.flaky) console.log(`  - ${title}`);
}
if (failedChecks.length) console.log(`\nFAILED CHECKS: ${failedChecks.join(', ')}`);
const failed = v.failed + p.failed + (ok ? 0 : v.failed + p.failed === 0 ? 1 : 0) + failedChecks.length;
console.log(`tests: ${v.passed + p.passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);

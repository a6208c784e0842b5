#!/usr/bin/env node
// `npm run sql:snapshots`: writes each repository's SQL, method by method, for SQLite and
// PostgreSQL, beside the repository (packages/server/src/modules/<area>/<repo>.sql), so that a
// query change shows in review. No database is needed: the statements are compiled by Kysely and
// recorded (packages/server/src/db/sql-snapshots). `--check` writes nothing and exits 1 naming
// the stale files.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
const check = process.argv.includes('--check');

// The server's TypeScript sources, bundled as they are (packages stay external, @ordo/core is
// read from its sources), so that the snapshots never come from a stale build.
// Inside the server package, so that the bundle's imports of packages resolve from there.
const cache = join(root, 'packages/server/node_modules/.cache');
mkdirSync(cache, { recursive: true });
const out = mkdtempSync(join(cache, 'sql-snapshots-'));
const bundle = join(out, 'render.mjs');
try {
  await build({
    entryPoints: [join(root, 'packages/server/src/db/sql-snapshots/render.ts')],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    logLevel: 'error',
    alias: { '@ordo/core': join(root, 'packages/core/src/index.ts') },
    plugins: [
      {
        name: 'external-packages',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path === '@ordo/core' ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
    // render.ts finds packages/server/src from its own place.
    define: { 'import.meta.dirname': JSON.stringify(join(root, 'packages/server/src/db/sql-snapshots')) },
  });
  const { leftoverFiles, renderAll, staleFiles } = await import(pathToFileURL(bundle).href);
  const rendered = await renderAll();
  if (check) {
    const stale = staleFiles(rendered);
    if (stale.length > 0) {
      console.error(`SQL snapshots out of date (run npm run sql:snapshots):\n  ${stale.join('\n  ')}`);
      process.exit(1);
    }
    console.log(`SQL snapshots: ${rendered.size} files up to date`);
  } else {
    const stale = new Set(staleFiles(rendered).map((f) => join(process.cwd(), f)));
    for (const [path, content] of rendered) if (stale.has(path)) writeFileSync(path, content);
    // A repository renamed or removed leaves its snapshot behind.
    for (const path of leftoverFiles(rendered)) rmSync(path);
    console.log(`SQL snapshots: ${rendered.size} files, ${stale.size} written or removed`);
    for (const path of stale) console.log(`  ${relative(process.cwd(), path)}`);
  }
} finally {
  rmSync(out, { recursive: true, force: true });
}

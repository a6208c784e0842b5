/**
 * The import worker thread for tests run from the TypeScript sources: there is no compiled
 * entry.js next to the sources, so its entry (src/modules/migration/worker/entry.ts) is bundled
 * with esbuild into one ES module under test/dist (packages stay external and resolve from the
 * server's node_modules; @ordo/core comes from its sources, as vitest's alias has it), and
 * ORDO_IMPORT_WORKER_ENTRY names it. Each test process bundles its own.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

const server = resolve(import.meta.dirname, '../..');

function dependencies(packageDir: string): string[] {
  const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
  return Object.keys(manifest.dependencies ?? {});
}

/** Bundles the worker and points the server at it; answers a function that removes it. */
export async function useImportWorkerBundle(): Promise<() => void> {
  const outfile = join(server, 'test', 'dist', `import-worker-${process.pid}.mjs`);
  const external = [...dependencies(server), ...dependencies(join(server, '..', 'core'))].filter(
    (name) => name !== '@ordo/core',
  );
  await build({
    entryPoints: [join(server, 'src', 'modules', 'migration', 'worker', 'entry.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external,
    alias: { '@ordo/core': join(server, '..', 'core', 'src', 'index.ts') },
    logLevel: 'warning',
  });
  process.env.ORDO_IMPORT_WORKER_ENTRY = outfile;
  return () => {
    delete process.env.ORDO_IMPORT_WORKER_ENTRY;
    rmSync(outfile, { force: true });
  };
}

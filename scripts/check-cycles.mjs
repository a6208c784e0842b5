#!/usr/bin/env node
// No import cycles in any package: madge follows each package's imports (TypeScript paths
// resolved by its tsconfig). Run by `npm test`; exits 1 naming each cycle.
import { createRequire } from 'node:module';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const madge = createRequire(join(root, 'package.json'))('madge');

let found = 0;
for (const name of ['core', 'server', 'web']) {
  const dir = join(root, 'packages', name);
  const result = await madge(join(dir, 'src'), {
    fileExtensions: ['ts', 'tsx'],
    tsConfig: join(dir, 'tsconfig.json'),
    // Type-only imports vanish at run time but still tie the modules together for a reader.
    detectiveOptions: { ts: { skipTypeImports: false }, tsx: { skipTypeImports: false } },
  });
  for (const cycle of result.circular()) {
    found++;
    console.error(`import cycle in ${name}: ${cycle.join(' > ')}`);
  }
}
if (found) process.exit(1);
console.log('No import cycles in core, server or web.');

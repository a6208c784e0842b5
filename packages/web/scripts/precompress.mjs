#!/usr/bin/env node
// After `vite build`: a brotli (.br) and a gzip (.gz) copy beside each text file of dist, so the
// server sends them by content negotiation (@fastify/static's preCompressed) without compressing
// per request. Files under 1 KB gain nothing and are left alone.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = process.argv[2] ?? new URL('../dist', import.meta.url).pathname;
const compressible = /\.(js|mjs|css|html|svg|json|webmanifest|txt)$/;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    if (name.startsWith('.')) continue; // Vite's manifest is not served
    if (dir === dist && name === 'ssr') continue; // nor is the login screen the server draws
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (compressible.test(name)) yield path;
  }
}

let count = 0;
for (const path of files(dist)) {
  const bytes = readFileSync(path);
  if (bytes.length < 1024) continue;
  const br = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  });
  writeFileSync(`${path}.br`, br);
  writeFileSync(`${path}.gz`, gzipSync(bytes, { level: 9 }));
  count++;
}
console.log(`precompressed ${count} files in ${dist} (.br, .gz)`);

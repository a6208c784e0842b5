#!/usr/bin/env node
// The web app's first-screen budget: everything the browser must fetch before it can draw the
// first screen, i.e. the built index.html's scripts, module preloads and style sheets, and every
// JS chunk those import statically (not dynamic import(), which load on demand): at most
// --limit-kb. The shells and pages are lazy, so each first screen (the login page signed out, home
// signed in) also downloads its shell's and page's chunks, found through Vite's build manifest,
// with their static imports and CSS: at most --screen-limit-kb, or the screen's own limit. Sizes are gzip -9 of the built
// files. Exits 1 when a limit is crossed, so `npm test` fails.
//   node bench/web-budget.mjs [--dist packages/web/dist] [--limit-kb 200] [--screen-limit-kb 320] [--json]
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

const root = new URL('..', import.meta.url).pathname;
const { values } = parseArgs({
  options: {
    dist: { type: 'string', default: join(root, 'packages/web/dist') },
    'limit-kb': { type: 'string', default: '200' },
    'screen-limit-kb': { type: 'string', default: '320' },
    json: { type: 'boolean', default: false },
  },
});
const dist = values.dist;
const limitKb = Number(values['limit-kb']);
const screenLimitKb = Number(values['screen-limit-kb']);

/** A URL from the page (absolute path or relative to the referring file) as a file in dist. */
function fileOf(url, fromFile) {
  const clean = url.split(/[?#]/)[0];
  if (/^[a-z]+:/i.test(clean) || clean.startsWith('//')) return undefined; // not ours
  return clean.startsWith('/') ? join(dist, clean) : normalize(join(dirname(fromFile), clean));
}

/** Attribute values of the tags in index.html that the browser fetches before running the app. */
export function htmlEntries(html) {
  const urls = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const attr = (name) => tag.match(new RegExp(`\\b${name}\\s*=\\s*["']([^"']+)["']`, 'i'))?.[1];
    if (/^<script/i.test(tag)) {
      const src = attr('src');
      if (src) urls.push(src);
      continue;
    }
    const rel = (attr('rel') ?? '').toLowerCase().split(/\s+/);
    // The entry's style sheet comes as a preload that the entry applies (vite.config.ts).
    const preloadedStyle = rel.includes('preload') && (attr('as') ?? '').toLowerCase() === 'style';
    if (rel.includes('stylesheet') || rel.includes('modulepreload') || preloadedStyle)
      urls.push(attr('href'));
  }
  return urls.filter(Boolean);
}

/** Specifiers of a minified ES module's static imports and re-exports (not import()). */
export function staticImports(code) {
  const specs = [];
  // `import x from "y"`, `import{a as b}from"./y.js"`, `import "./y.css"`, `export*from"./y"`.
  const re = /(?:^|[;}\s)])(?:import|export)\s*(?:[\w$*{][^;'"`]*?\bfrom\s*)?["']([^"']+)["']/g;
  for (const match of code.matchAll(re)) specs.push(match[1]);
  return specs;
}

/**
 * The first screens: the shell and page modules each one loads on top of index.html's entry, and
 * the screen's own limit (null: --screen-limit-kb). Task detail shows its description and comments
 * without the rich-text editor, which loads only for writing; its limit fails the build if the
 * editor moves back into the page's chunk (about 140 KB gzip).
 */
export const screens = {
  login: {
    sources: [
      'src/app/shell/signed-out-shell.tsx',
      'src/features/auth/login-page.tsx',
      'src/app/all-styles.ts',
    ],
    limitKb: null,
  },
  home: {
    sources: [
      'src/app/shell/link-share-shell.tsx',
      'src/features/home/home-page.tsx',
      'src/app/all-styles.ts',
    ],
    limitKb: null,
  },
  'task detail': {
    sources: [
      'src/app/shell/link-share-shell.tsx',
      'src/features/tasks/task-detail-route.tsx',
      'src/app/all-styles.ts',
    ],
    // The editors of fields the task does not show come after the detail (tasks/fields/task-fields.tsx).
    limitKb: 370,
  },
  // A project's list view opened from a link: the project page, then the view's own chunk (the
  // virtualised list, drag and drop, the filter input and the quick-add input) once the project
  // says which view it is. Counted for its files as much as its size: on a phone's connection the
  // view's many small chunks, six at a time, take longer than their bytes. The bulk bar, the "…"
  // settings menu, the help dialogs and floating-ui load after it (about 65 KB gzip and 24 files).
  'list view': {
    sources: [
      'src/app/shell/link-share-shell.tsx',
      'src/features/projects/project-page.tsx',
      'src/features/project-views/list/list-view.tsx',
      'src/app/all-styles.ts',
    ],
    limitKb: 350,
  },
  // A kanban board opened from a link, as the list view: the page, then the board's own chunk.
  // The buckets' menus, the limit editor and the new card's input load after it.
  'kanban board': {
    sources: [
      'src/app/shell/link-share-shell.tsx',
      'src/features/projects/project-page.tsx',
      'src/features/project-views/kanban/kanban-view.tsx',
      'src/app/all-styles.ts',
    ],
    limitKb: 350,
  },
};

/** Built files (JS and its CSS) of the page modules, from Vite's manifest. */
function pageFiles(sources) {
  const manifestFile = join(dist, '.vite/manifest.json');
  if (!existsSync(manifestFile)) throw new Error(`${manifestFile} is missing: the build writes it`);
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  return sources.flatMap((source) => {
    // A module that other chunks also import statically can end up in a chunk without a facade,
    // listed by its name only.
    const name = source.replace(/^.*\//, '').replace(/\.\w+$/, '');
    // A chunk holding several lazy modules may be named after another of them; vite.config.ts
    // names the file of such a chunk after the module looked for here.
    const chunk =
      manifest[source] ??
      Object.values(manifest).find((c) => c.isDynamicEntry && c.name === name && !c.src) ??
      Object.values(manifest).find((c) => c.isDynamicEntry && c.file.startsWith(`assets/${name}-`));
    if (!chunk) throw new Error(`${source} is not a chunk of its own in the build manifest`);
    // Static imports of the chunk are followed below; their CSS is listed in the manifest.
    const css = [chunk, ...(chunk.imports ?? []).map((key) => manifest[key])].flatMap((c) => c.css ?? []);
    return [chunk.file, ...css].map((file) => join(dist, file));
  });
}

export function firstScreen(pageSources = []) {
  const indexFile = join(dist, 'index.html');
  if (!existsSync(indexFile)) throw new Error(`${indexFile} is missing: run "npm run build" first`);
  const seen = new Map();
  const queue = htmlEntries(readFileSync(indexFile, 'utf8')).map((url) => fileOf(url, indexFile));
  queue.push(...pageFiles(pageSources));
  while (queue.length) {
    const file = queue.shift();
    if (!file || seen.has(file)) continue;
    if (!existsSync(file)) throw new Error(`${relative(dist, file)} is referenced but not built`);
    const bytes = readFileSync(file);
    seen.set(file, { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length });
    if (file.endsWith('.js') || file.endsWith('.mjs'))
      for (const spec of staticImports(bytes.toString('utf8')))
        if (spec.startsWith('.') || spec.startsWith('/')) queue.push(fileOf(spec, file));
  }
  const files = [...seen].map(([file, size]) => ({ file: relative(dist, file), ...size }));
  files.sort((a, b) => b.gzip - a.gzip);
  const total = files.reduce((sum, f) => ({ raw: sum.raw + f.raw, gzip: sum.gzip + f.gzip }), {
    raw: 0,
    gzip: 0,
  });
  return { files, total };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const kb = (n) => (n / 1024).toFixed(1);
  const results = [
    { screen: 'index.html', limit: limitKb, ...firstScreen() },
    ...Object.entries(screens).map(([screen, { sources, limitKb: own }]) => ({
      screen,
      limit: own ?? screenLimitKb,
      ...firstScreen(sources),
    })),
  ];
  // The entry has a style sheet; a first download without one means index.html was misread (the
  // sheet is a preload there, see vite.config.ts) and the budget would be too low.
  if (!results[0].files.some((f) => f.file.endsWith('.css')))
    throw new Error('index.html: no style sheet found among what it loads first');
  for (const r of results) r.over = r.total.gzip > r.limit * 1024;
  if (values.json) console.log(JSON.stringify(results, null, 2));
  else
    for (const { screen, files, total, limit, over } of results) {
      console.log(`\n${screen}:`);
      for (const f of files.slice(0, 12))
        console.log(`${kb(f.gzip).padStart(8)} KB gz ${kb(f.raw).padStart(9)} KB  ${f.file}`);
      if (files.length > 12) console.log(`         … and ${files.length - 12} smaller files`);
      console.log(
        `${screen}: ${kb(total.gzip)} KB gzip (${kb(total.raw)} KB raw) in ${files.length} files; ` +
          `limit ${limit} KB gzip: ${over ? 'OVER' : 'ok'}`,
      );
    }
  process.exit(results.some((r) => r.over) ? 1 : 0);
}

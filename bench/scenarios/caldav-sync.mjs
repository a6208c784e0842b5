// CalDAV sync of a 5,000-task project, Ordo against Radicale (Debian's `radicale`) on the same
// data in one run, as a syncing app does it (DAVx⁵, vdirsyncer): an initial sync (sync-collection
// without a token for the hrefs and etags, then calendar-multiget in batches of 100 for the
// data), then 10 tasks edited over CalDAV on both servers, then an incremental sync
// (sync-collection with the token, then one multiget of what it names). Reports requests, bytes
// received and time of each, and checks that Ordo's incremental sync names exactly the 10 edited
// tasks. Needs the built server and `apt-get install radicale`; runs only when named:
//   npm run bench -- caldav-sync
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seededOrdo } from '../lib/seeded-ordo.mjs';
import { waitFor } from '../lib/server.mjs';

export const name = 'caldav-sync';
export const onlyWhenNamed = true;

const COUNT = 5000;
const CHANGES = 10;
const BATCH = 100;
const RADICALE_PORT = 3594;
const USER = 'bench';

const basic = (password) => `Basic ${Buffer.from(`${USER}:${password}`).toString('base64')}`;

/**
 * One DAV request; counts it and the bytes of its answer into `stats`. A 503 is retried after its
 * Retry-After, as a syncing app does, and counted (with the wait in the time) as `retries`.
 */
async function dav(server, stats, method, path, body, headers = {}) {
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(`${server.base}${path}`, {
      method,
      headers: {
        authorization: server.auth,
        ...(body ? { 'content-type': path.endsWith('.ics') ? 'text/calendar' : 'application/xml' } : {}),
        ...headers,
      },
      body,
    });
    const text = await res.text();
    stats.requests += 1;
    stats.bytes += Buffer.byteLength(text);
    if (res.status === 503 && attempt < 5) {
      stats.retries = (stats.retries ?? 0) + 1;
      await new Promise((r) => setTimeout(r, Number(res.headers.get('retry-after') ?? 1) * 1000));
      continue;
    }
    if (res.status >= 300)
      throw new Error(`${server.label} ${method} ${path} → ${res.status} ${text.slice(0, 300)}`);
    return text;
  }
}

const responses = (xml) =>
  [...xml.matchAll(/<(?:\w+:)?response\b[^>]*>([\s\S]*?)<\/(?:\w+:)?response>/g)].map((m) => m[1]);
const hrefOf = (response) => /<(?:\w+:)?href>([^<]*)</.exec(response)?.[1];
const isGone = (response) =>
  /<(?:\w+:)?status>[^<]*404/.test(response) && !/<(?:\w+:)?propstat>/.test(response);
const tokenOf = (xml) => /<(?:\w+:)?sync-token>([^<]*)</.exec(xml)?.[1];
const unescapeXml = (text) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
const dataOf = (response) =>
  unescapeXml(/<(?:\w+:)?calendar-data[^>]*>([\s\S]*?)<\/(?:\w+:)?calendar-data>/.exec(response)?.[1] ?? '');

const SYNC = (token) =>
  `<?xml version="1.0" encoding="utf-8"?><d:sync-collection xmlns:d="DAV:"><d:sync-token>${token}</d:sync-token><d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>`;
const MULTIGET = (hrefs) =>
  `<?xml version="1.0" encoding="utf-8"?><c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><d:getetag/><c:calendar-data/></d:prop>${hrefs.map((h) => `<d:href>${h}</d:href>`).join('')}</c:calendar-multiget>`;

/** sync-collection, then the data of what it names, in multiget batches. */
async function sync(server, token) {
  const stats = { requests: 0, bytes: 0, ms: 0 };
  const started = performance.now();
  const listing = await dav(server, stats, 'REPORT', server.calendar, SYNC(token), { depth: '1' });
  const entries = responses(listing);
  const changed = entries.filter((r) => !isGone(r)).map(hrefOf);
  const deleted = entries.filter(isGone).map(hrefOf);
  const objects = new Map();
  for (let i = 0; i < changed.length; i += BATCH) {
    const answer = await dav(
      server,
      stats,
      'REPORT',
      server.calendar,
      MULTIGET(changed.slice(i, i + BATCH)),
      {
        depth: '1',
      },
    );
    for (const r of responses(answer)) objects.set(hrefOf(r), dataOf(r));
  }
  stats.ms = Math.round(performance.now() - started);
  return { stats, token: tokenOf(listing), changed, deleted, objects };
}

/** Radicale with its storage filled with the same calendar objects, as files named like Ordo's. */
async function startRadicale(objects) {
  if (!existsSync('/usr/lib/python3/dist-packages/radicale'))
    throw new Error('caldav-sync needs Radicale: apt-get install radicale');
  const dir = mkdtempSync(join(tmpdir(), 'ordo-bench-radicale-'));
  const calendar = join(dir, 'storage', 'collection-root', USER, 'bench');
  mkdirSync(calendar, { recursive: true });
  writeFileSync(
    join(calendar, '.Radicale.props'),
    JSON.stringify({
      tag: 'VCALENDAR',
      'D:displayname': 'Bench',
      'C:supported-calendar-component-set': 'VTODO',
    }),
  );
  for (const [href, ics] of objects)
    writeFileSync(join(calendar, decodeURIComponent(href.split('/').pop())), ics);
  const config = join(dir, 'config');
  writeFileSync(
    config,
    [
      '[server]',
      `hosts = 127.0.0.1:${RADICALE_PORT}`,
      '[auth]',
      'type = none',
      '[rights]',
      'type = owner_only',
      '[storage]',
      `filesystem_folder = ${join(dir, 'storage')}`,
      '[logging]',
      'level = warning',
      '',
    ].join('\n'),
  );
  const child = spawn('/usr/bin/python3', ['-m', 'radicale', '--config', config], { stdio: 'inherit' });
  await waitFor(`http://127.0.0.1:${RADICALE_PORT}/.web/`);
  return {
    server: {
      label: 'Radicale',
      base: `http://127.0.0.1:${RADICALE_PORT}`,
      auth: basic('any'),
      calendar: `/${USER}/bench/`,
    },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The same 10 edits on a server: a new SUMMARY for the first 10 objects, PUT with If-Match. */
async function edit(server, objects) {
  const stats = { requests: 0, bytes: 0, ms: 0 };
  const edited = [];
  for (const [href, ics] of [...objects].slice(0, CHANGES)) {
    const name = href.split('/').pop();
    const changed = ics.replace(/^SUMMARY:.*$/m, `SUMMARY:edited ${name}`);
    await dav(server, stats, 'PUT', `${server.calendar}${name}`, changed);
    edited.push(`${server.calendar}${name}`);
  }
  return edited;
}

function row(label, s) {
  const retries = s.retries ? ` (${s.retries} answered 503 and retried)` : '';
  console.log(
    `${label.padEnd(34)} ${String(s.requests).padStart(4)} requests ${String(s.bytes).padStart(10)} bytes ${String(s.ms).padStart(7)} ms${retries}`,
  );
}

export async function run() {
  const seeded = await seededOrdo({ dialect: 'sqlite', port: 3593, count: COUNT, label: 'caldav' });
  let radicale;
  try {
    const ordo = {
      label: 'Ordo',
      base: seeded.ordo.base,
      auth: basic('benchmark-pass'),
      calendar: `/dav/projects/${seeded.project.id}/`,
    };
    // A first sync of each warms caches (Radicale parses its files once); the second is measured.
    const warm = await sync(ordo, '');
    if (warm.objects.size !== COUNT)
      throw new Error(`Ordo synced ${warm.objects.size} objects, not ${COUNT}`);
    radicale = await startRadicale(warm.objects);
    const ref = radicale.server;
    await sync(ref, '');

    const ordoInitial = await sync(ordo, '');
    const refInitial = await sync(ref, '');
    row('Ordo, initial sync', ordoInitial.stats);
    row('Radicale, initial sync', refInitial.stats);

    const ordoEdited = await edit(ordo, ordoInitial.objects);
    const refEdited = await edit(ref, refInitial.objects);

    const ordoIncremental = await sync(ordo, ordoInitial.token);
    const refIncremental = await sync(ref, refInitial.token);
    row('Ordo, incremental after 10 edits', ordoIncremental.stats);
    row('Radicale, incremental after 10 edits', refIncremental.stats);

    const onlyChanged =
      ordoIncremental.changed.length === CHANGES &&
      ordoEdited.every((h) => ordoIncremental.changed.includes(h)) &&
      ordoIncremental.deleted.length === 0;
    console.log(`Ordo's incremental sync names exactly the ${CHANGES} edited tasks: ${onlyChanged}`);
    console.log(
      `Radicale's incremental sync names ${refIncremental.changed.length} (${refEdited.length} edited)`,
    );
    const notSlower = ordoIncremental.stats.ms <= refIncremental.stats.ms;
    console.log(
      `incremental sync time, Ordo ÷ Radicale: ${(ordoIncremental.stats.ms / Math.max(1, refIncremental.stats.ms)).toFixed(2)} (target ≤ 1)`,
    );
    return {
      tasks: COUNT,
      changes: CHANGES,
      ordo: { initial: ordoInitial.stats, incremental: ordoIncremental.stats },
      radicale: { initial: refInitial.stats, incremental: refIncremental.stats },
      ordoIncrementalNamesOnlyChanged: onlyChanged,
      pass: onlyChanged && notSlower,
    };
  } finally {
    await radicale?.stop();
    await seeded.stop();
  }
}

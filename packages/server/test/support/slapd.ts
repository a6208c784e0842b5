/**
 * A real OpenLDAP server (slapd) for tests of directory login: its own slapd.conf and mdb database
 * in a temporary folder, people seeded with slapadd (passwords hashed by slappasswd), listening on
 * a free port of 127.0.0.1 as the current user, next to (never instead of) any system slapd.
 *
 * The directory is deliberately permissive where Ordo must not be: it accepts an
 * "unauthenticated bind" (a DN with an empty password, `allow bind_anon_dn`), so a test of the
 * empty-password rule tests Ordo's guard and not slapd's default.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Attribute, Change, Client } from 'ldapts';

const SLAPD = '/usr/sbin/slapd';
const SLAPADD = '/usr/sbin/slapadd';
const SLAPPASSWD = '/usr/sbin/slappasswd';
const SCHEMA_DIR = '/etc/ldap/schema';
const MODULE_DIR = '/usr/lib/ldap';

export const BASE_DN = 'dc=ordo,dc=test';
export const PEOPLE_DN = `ou=people,${BASE_DN}`;
const ADMIN_DN = `cn=admin,${BASE_DN}`;
const SERVICE_DN = `cn=ordo,ou=services,${BASE_DN}`;

export interface DirectoryPerson {
  uid: string;
  password: string;
  mail?: string;
  displayName?: string;
}

export interface Slapd {
  url: string;
  baseDn: string;
  /** The service account Ordo searches with, and its password. */
  serviceDn: string;
  servicePassword: string;
  /** The DN a seeded person has. */
  dnOf(uid: string): string;
  /** Replaces attribute values of an entry, as a directory administrator would. */
  modify(dn: string, values: Record<string, string>): Promise<void>;
  /** The Ordo settings for this directory (ORDO_LDAP_*), with the service account. */
  env(extra?: Record<string, string>): Record<string, string>;
  stop(): Promise<void>;
}

function requireOpenLdap(): void {
  const missing = [SLAPD, SLAPADD, SLAPPASSWD, join(SCHEMA_DIR, 'inetorgperson.schema')].filter(
    (path) => !existsSync(path),
  );
  if (missing.length > 0) {
    throw new Error(
      `The LDAP tests need a real OpenLDAP server, and ${missing.join(', ')} is missing. ` +
        'Install it with: DEBIAN_FRONTEND=noninteractive apt-get install -y slapd ldap-utils',
    );
  }
}

function hash(password: string): string {
  return execFileSync(SLAPPASSWD, ['-h', '{SSHA}', '-s', password], { encoding: 'utf8' }).trim();
}

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

function slapdConf(dir: string, options: { anonymousSearch: boolean }): string {
  return [
    ...['core', 'cosine', 'nis', 'inetorgperson'].map((s) => `include ${SCHEMA_DIR}/${s}.schema`),
    `pidfile ${join(dir, 'slapd.pid')}`,
    `argsfile ${join(dir, 'slapd.args')}`,
    `modulepath ${MODULE_DIR}`,
    'moduleload back_mdb',
    'allow bind_anon_dn',
    'database mdb',
    'maxsize 16777216',
    `suffix "${BASE_DN}"`,
    `rootdn "${ADMIN_DN}"`,
    `rootpw ${hash('admin-secret')}`,
    `directory ${join(dir, 'db')}`,
    'access to attrs=userPassword by anonymous auth by * none',
    `access to * by dn.exact="${SERVICE_DN}" read by self read${options.anonymousSearch ? ' by anonymous read' : ''} by * none`,
    '',
  ].join('\n');
}

function seedLdif(people: DirectoryPerson[], servicePassword: string): string {
  const entries = [
    [`dn: ${BASE_DN}`, 'objectClass: dcObject', 'objectClass: organization', 'o: Ordo tests', 'dc: ordo'],
    [`dn: ${PEOPLE_DN}`, 'objectClass: organizationalUnit', 'ou: people'],
    [`dn: ou=services,${BASE_DN}`, 'objectClass: organizationalUnit', 'ou: services'],
    [
      `dn: ${SERVICE_DN}`,
      'objectClass: organizationalRole',
      'objectClass: simpleSecurityObject',
      'cn: ordo',
      `userPassword: ${hash(servicePassword)}`,
    ],
    ...people.map((p) => [
      `dn: uid=${p.uid},${PEOPLE_DN}`,
      'objectClass: inetOrgPerson',
      `uid: ${p.uid}`,
      `cn: ${p.displayName ?? p.uid}`,
      `sn: ${p.uid}`,
      ...(p.displayName ? [`displayName: ${p.displayName}`] : []),
      ...(p.mail ? [`mail: ${p.mail}`] : []),
      `userPassword: ${hash(p.password)}`,
    ]),
  ];
  // Non-ASCII values are written base64-encoded ("attr:: …"), as LDIF requires.
  return `${entries
    .map((lines) =>
      lines
        .map((line) => {
          const [name, ...rest] = line.split(': ');
          const value = rest.join(': ');
          return /^[\x20-\x7e]*$/.test(value) ? line : `${name}:: ${Buffer.from(value).toString('base64')}`;
        })
        .join('\n'),
    )
    .join('\n\n')}\n`;
}

async function waitUntilServing(url: string, process: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (process.exitCode !== null) throw new Error(`slapd exited with ${process.exitCode}:\n${log()}`);
    const client = new Client({ url, connectTimeout: 500 });
    try {
      await client.bind(ADMIN_DN, 'admin-secret');
      return;
    } catch (error) {
      if (Date.now() > deadline) throw new Error(`slapd did not start serving ${url}: ${error}\n${log()}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      await client.unbind().catch(() => undefined);
    }
  }
}

export async function startSlapd(
  people: DirectoryPerson[],
  options: { anonymousSearch?: boolean } = {},
): Promise<Slapd> {
  requireOpenLdap();
  const dir = mkdtempSync(join(tmpdir(), 'ordo-slapd-'));
  mkdirSync(join(dir, 'db'));
  const servicePassword = 'service-secret';
  const conf = join(dir, 'slapd.conf');
  writeFileSync(conf, slapdConf(dir, { anonymousSearch: options.anonymousSearch ?? false }));
  writeFileSync(join(dir, 'seed.ldif'), seedLdif(people, servicePassword));
  execFileSync(SLAPADD, ['-q', '-f', conf, '-l', join(dir, 'seed.ldif')], { stdio: 'pipe' });

  const port = await freePort();
  const url = `ldap://127.0.0.1:${port}`;
  // `-d 0` keeps slapd in the foreground, a child of this process, so it is stopped with it.
  const server = spawn(SLAPD, ['-h', `${url}/`, '-f', conf, '-d', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  server.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  server.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitUntilServing(url, server, () => output);
  } catch (error) {
    await stop();
    throw error;
  }

  return {
    url,
    baseDn: BASE_DN,
    serviceDn: SERVICE_DN,
    servicePassword,
    dnOf: (uid) => `uid=${uid},${PEOPLE_DN}`,
    async modify(dn, values) {
      const client = new Client({ url });
      try {
        await client.bind(ADMIN_DN, 'admin-secret');
        await client.modify(
          dn,
          Object.entries(values).map(
            ([type, value]) =>
              new Change({ operation: 'replace', modification: new Attribute({ type, values: [value] }) }),
          ),
        );
      } finally {
        await client.unbind();
      }
    },
    env: (extra = {}) => ({
      ORDO_LDAP_URL: url,
      ORDO_LDAP_BASE_DN: BASE_DN,
      ORDO_LDAP_BIND_DN: SERVICE_DN,
      ORDO_LDAP_BIND_PASSWORD: servicePassword,
      ...extra,
    }),
    stop,
  };
}

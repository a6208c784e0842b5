/**
 * Configuration, read once at start from the environment and an optional JSON file
 * (`ORDO_CONFIG_FILE`), validated, then passed down. Nothing else reads `process.env`.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type InternalAllowance, parseInternalAllowance } from '@ordo/core';
import { type LdapConfig, parseLdapConfig } from './config-ldap.js';
import { type MetricsAccess, parseMetricsAccess } from './config-metrics.js';

export type DatabaseConfig = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

export interface OidcProviderConfig {
  key: string;
  name: string;
  authUrl: string;
  clientId: string;
  /** Never published by /info; kept for the code exchange. */
  clientSecret: string;
  scope: string;
  logoutUrl: string;
}

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  database: DatabaseConfig;
  jwtSecret: string;
  /** Lifetime of a user token in seconds, and of a "remember me" token. */
  jwtTtl: number;
  jwtTtlLong: number;
  registration: boolean;
  localAuth: boolean;
  /** Requests per minute per IP on unauthenticated auth routes; 0 turns the limit off. */
  rateLimit: number;
  /**
   * Backoff after failed sign-ins (modules/brute-force): `failures` wrong attempts per account
   * are free (four times as many per client address; 0 turns the backoff off), then each further
   * one doubles the wait from one second up to `maxWaitMs`; counts are forgotten after
   * `forgetMs` without attempts. `ORDO_BRUTE_FORCE_FAILURES`, `_MAX_WAIT`, `_FORGET` (seconds).
   */
  bruteForce: { failures: number; maxWaitMs: number; forgetMs: number };
  smtpUrl: string | null;
  mailFrom: string;
  demoMode: boolean;
  motd: string;
  maxFileSize: number;
  /**
   * The largest request body outside uploads and imports (JSON, CalDAV): `ORDO_MAX_BODY_SIZE`.
   * Uploads and imports stream as multipart with their own limits.
   */
  maxBodySize: number;
  /** The largest file an import (Vikunja export, TickTick CSV) may upload; `ORDO_IMPORT_MAX_SIZE` */
  importMaxSize: number;
  /** The most of each kind an import may hold (`ORDO_IMPORT_MAX_TASKS`, …), checked before anything is written. */
  importLimits: { tasks: number; projects: number; labels: number; comments: number; attachments: number };
  /** The heap the worker reading an import's file may use, in bytes (`ORDO_IMPORT_MAX_MEMORY`). */
  importMaxMemory: number;
  /**
   * Uploads of at least this many bytes are read, planned and written in a worker thread with its
   * own database connection, so the event loop answering requests never holds them
   * (`ORDO_IMPORT_WORKER_FROM`); smaller ones run on the main thread, where they take a moment.
   */
  importWorkerFrom: number;
  /** Where Gravatar pictures are fetched from (`ORDO_GRAVATAR_URL`), ending in `/`. */
  gravatarUrl: string;
  /**
   * `GET /avatar/:username` needs a token (`ORDO_AVATARS_REQUIRE_LOGIN`, Vikunja v1.0's rule);
   * off by default, as v0.24 serves avatars to plain <img> tags.
   */
  avatarsRequireLogin: boolean;
  maxItemsPerPage: number;
  /** Days a task's activity entries are kept (ORDO_ACTIVITY_DAYS). */
  activityDays: number;
  /** Days a deleted task stays in the trash, restorable (ORDO_TRASH_DAYS). */
  trashDays: number;
  /** The most tasks a project saved as a template may hold (ORDO_TEMPLATE_MAX_TASKS). */
  templateMaxTasks: number;
  linkSharing: boolean;
  taskAttachments: boolean;
  /** Project backgrounds (uploaded images); `ORDO_BACKGROUNDS` */
  backgrounds: boolean;
  taskComments: boolean;
  /** Project and user webhooks (`ORDO_WEBHOOKS`, default on); off means no webhook routes. */
  webhooks: boolean;
  /** How long one webhook delivery may take before it counts as failed (`ORDO_WEBHOOKS_TIMEOUT`, seconds). */
  webhooksTimeout: number;
  /**
   * Internal addresses (this host, private networks, the cloud metadata service) webhooks may
   * reach anyway (`ORDO_WEBHOOKS_ALLOW_INTERNAL`): none by default, all with `true`, or the
   * listed host names, addresses and ranges.
   */
  webhooksAllowInternal: InternalAllowance;
  totp: boolean;
  /** CalDAV under /dav and the CalDAV token settings; `ORDO_CALDAV` */
  caldav: boolean;
  publicTeams: boolean;
  allowIconChanges: boolean;
  imprintUrl: string;
  privacyPolicyUrl: string;
  openidProviders: OidcProviderConfig[];
  /** Directory (LDAP) login; null when ORDO_LDAP_URL is unset. */
  ldap: LdapConfig | null;
  /** Folder with the built web app; the server serves it with an SPA fallback when present. */
  webDistDir: string;
  logLevel: string;
  corsOrigins: string[];
  /**
   * Which peers may set X-Forwarded-For (Fastify's trustProxy): true, false, or addresses and
   * ranges. Only trusted proxies can name the client address the rate limit counts; none by
   * default, as any client could otherwise pick the address it is counted under.
   */
  trustProxy: boolean | string;
  /**
   * How many server processes answer requests (`ORDO_WORKERS`). Node runs JavaScript on one core
   * per process. A primary process migrates the database and hands the connections to that many
   * workers (see cluster.ts); an in-memory SQLite database is served by the one process that
   * holds it.
   */
  workers: number;
  /**
   * Load shedding (http/load-shedding.ts): past any of these limits a process answers 503 with
   * Retry-After instead of queueing. Mean event-loop delay in ms (`ORDO_MAX_EVENT_LOOP_DELAY`),
   * event-loop utilisation in percent (`ORDO_MAX_EVENT_LOOP_UTILIZATION`), queries waiting for a
   * database connection (`ORDO_MAX_DB_QUEUE`), ms the longest-waiting of them has waited
   * (`ORDO_MAX_DB_WAIT`); 0 turns a limit off.
   */
  maxEventLoopDelay: number;
  maxEventLoopUtilization: number;
  maxDbQueue: number;
  maxDbWait: number;
  /** Seconds a shed request is told to wait before trying again (`ORDO_RETRY_AFTER`). */
  retryAfter: number;
  /**
   * Who may read /metrics: off by default; `ORDO_METRICS_TOKEN` turns it on for scrapers that
   * send it as a bearer token, `ORDO_METRICS=public` for everyone (see config-metrics.ts).
   */
  metrics: MetricsAccess;
}

export class ConfigError extends Error {}

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, '../../..');

function bool(name: string, value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  if (/^(1|true|yes|on)$/i.test(value)) return true;
  if (/^(0|false|no|off)$/i.test(value)) return false;
  throw new ConfigError(`${name} must be true or false, got "${value}"`);
}

function int(
  name: string,
  value: string | undefined,
  fallback: number,
  min = 0,
  max = Number.MAX_SAFE_INTEGER,
): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!/^\s*\d+\s*$/.test(value) || !Number.isSafeInteger(n) || n < min || n > max) {
    const range = max === Number.MAX_SAFE_INTEGER ? `≥ ${min}` : `from ${min} to ${max}`;
    throw new ConfigError(`${name} must be a whole number ${range}, got "${value}"`);
  }
  return n;
}

function httpUrl(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new ConfigError(
      `${name} must be an http(s) address such as https://tasks.example.com/, got "${value}"`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ConfigError(
      `${name} must be an http(s) address such as https://tasks.example.com/, got "${value}"`,
    );
  }
  return value;
}

/** Parses sizes such as `20MB`, `512KB` or a plain byte count. */
export function parseSize(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const m = /^(\d+(?:\.\d+)?)\s*(B|KB|MB|GB)?$/i.exec(value.trim());
  if (!m) throw new ConfigError(`${name} must be a size such as 20MB, got "${value}"`);
  const unit = (m[2] ?? 'B').toUpperCase();
  const factor = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 }[unit] ?? 1;
  return Math.round(Number(m[1]) * factor);
}

export function parseDatabaseUrl(url: string | undefined, dataDir: string): DatabaseConfig {
  if (!url) return { kind: 'sqlite', file: join(dataDir, 'ordo.db') };
  if (url.startsWith('sqlite:')) {
    // sqlite:/abs/file.db, sqlite:///abs/file.db, sqlite:relative.db and sqlite://relative.db
    const file = url
      .slice('sqlite:'.length)
      .replace(/^\/\/(?=\/)/, '')
      .replace(/^\/\/(?!\/)/, '');
    if (!file)
      throw new ConfigError('DATABASE_URL sqlite: needs a file path, e.g. sqlite:/var/lib/ordo/ordo.db');
    return { kind: 'sqlite', file: file === ':memory:' ? file : resolve(file) };
  }
  if (/^postgres(ql)?:\/\//.test(url)) return { kind: 'postgres', url };
  throw new ConfigError('DATABASE_URL must start with sqlite: or postgres://');
}

/** The secret generated on first start and kept in the data dir, so tokens survive restarts. */
function readSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= MIN_SECRET_LENGTH) return stored;
  }
  const secret = randomBytes(48).toString('base64url');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, secret, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

const MIN_SECRET_LENGTH = 16;
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function jwtSecret(value: string | undefined, dataDir: string): string {
  if (!value) return readSecret(dataDir);
  if (value.length < MIN_SECRET_LENGTH) {
    throw new ConfigError(
      `ORDO_JWT_SECRET must be at least ${MIN_SECRET_LENGTH} characters long; unset it to have one generated`,
    );
  }
  return value;
}

function text(provider: Record<string, unknown>, ...keys: string[]): string {
  for (const key of keys) {
    const value = provider[key];
    if (typeof value === 'string') return value;
  }
  return '';
}

/**
 * `ORDO_OPENID_PROVIDERS`: a JSON array of `{key, name, authUrl, clientId, clientSecret?, scope?,
 * logoutUrl?}`; snake_case keys (`auth_url`, …) are accepted too.
 */
export function parseOpenIdProviders(raw: string | undefined): OidcProviderConfig[] {
  if (!raw?.trim()) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new ConfigError('ORDO_OPENID_PROVIDERS must be a JSON array of providers');
  }
  if (!Array.isArray(parsed))
    throw new ConfigError('ORDO_OPENID_PROVIDERS must be a JSON array of providers');
  const keys = new Set<string>();
  return parsed.map((entry, index) => {
    if (!entry || typeof entry !== 'object' || Array.isArray(entry)) {
      throw new ConfigError(`ORDO_OPENID_PROVIDERS[${index}] must be an object`);
    }
    const p = entry as Record<string, unknown>;
    const provider: OidcProviderConfig = {
      key: text(p, 'key'),
      name: text(p, 'name'),
      authUrl: text(p, 'authUrl', 'auth_url'),
      clientId: text(p, 'clientId', 'client_id'),
      clientSecret: text(p, 'clientSecret', 'client_secret'),
      scope: text(p, 'scope') || 'openid email profile',
      logoutUrl: text(p, 'logoutUrl', 'logout_url'),
    };
    for (const field of ['key', 'name', 'authUrl', 'clientId'] as const) {
      if (!provider[field])
        throw new ConfigError(`ORDO_OPENID_PROVIDERS[${index}] needs a non-empty "${field}"`);
    }
    if (!/^[a-z0-9_-]+$/i.test(provider.key)) {
      throw new ConfigError(`ORDO_OPENID_PROVIDERS[${index}].key may only hold letters, digits, "-" and "_"`);
    }
    // The key is the issuer of the provider's accounts, so it must not be one of the built-in ones.
    if (['local', 'ldap'].includes(provider.key.toLowerCase())) {
      throw new ConfigError(`ORDO_OPENID_PROVIDERS[${index}].key must not be "${provider.key}"`);
    }
    if (keys.has(provider.key))
      throw new ConfigError(`ORDO_OPENID_PROVIDERS has the key "${provider.key}" twice`);
    keys.add(provider.key);
    httpUrl(`ORDO_OPENID_PROVIDERS[${index}].authUrl`, provider.authUrl);
    return provider;
  });
}

function readConfigFile(file: string): Record<string, string | undefined> {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ConfigError(`ORDO_CONFIG_FILE ${file} could not be read as JSON: ${(error as Error).message}`);
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    throw new ConfigError(`ORDO_CONFIG_FILE ${file} must hold a JSON object whose keys are variable names`);
  }
  return Object.fromEntries(
    Object.entries(raw).map(([k, v]) => [
      k,
      v == null ? undefined : typeof v === 'object' ? JSON.stringify(v) : String(v),
    ]),
  );
}

/**
 * No proxy is trusted unless ORDO_TRUST_PROXY names it: trusting every private address would let
 * anyone on a LAN or a Docker bridge, or behind a proxy that passes the header through, choose
 * the address the rate limits count.
 */
function trustProxy(value: string | undefined): boolean | string {
  const v = (value ?? '').trim();
  if (!v) return false;
  if (/^(true|false|yes|no|on|off)$/i.test(v)) return bool('ORDO_TRUST_PROXY', v, false);
  if (!/^[\w.:/,\s-]+$/.test(v)) {
    throw new ConfigError(`ORDO_TRUST_PROXY must be true, false or addresses and ranges, got "${v}"`);
  }
  return v;
}

function webhooksAllowInternal(value: string | undefined): InternalAllowance {
  const parsed = parseInternalAllowance(value);
  if ('error' in parsed) {
    throw new ConfigError(
      `ORDO_WEBHOOKS_ALLOW_INTERNAL must be true, false or host names, addresses and ranges: ${parsed.error}`,
    );
  }
  return parsed.allowance;
}

/** Reads the environment (and the optional config file, whose keys are the variable names). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  let merged: Record<string, string | undefined> = { ...env };
  if (env.ORDO_CONFIG_FILE) merged = { ...readConfigFile(env.ORDO_CONFIG_FILE), ...merged };
  const dataDir = resolve(merged.ORDO_DATA_DIR || './data');
  const port = int('PORT', merged.PORT, 3456, 0, 65535);
  const publicUrl = httpUrl('ORDO_PUBLIC_URL', merged.ORDO_PUBLIC_URL || `http://localhost:${port}/`).replace(
    /\/?$/,
    '/',
  );
  const providers = parseOpenIdProviders(merged.ORDO_OPENID_PROVIDERS);
  const logLevel = merged.ORDO_LOG_LEVEL || merged.LOG_LEVEL || 'info';
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`ORDO_LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  }
  const database = parseDatabaseUrl(merged.DATABASE_URL, dataDir);
  return {
    port,
    host: merged.HOST || '0.0.0.0',
    publicUrl,
    dataDir,
    database,
    jwtSecret: jwtSecret(merged.ORDO_JWT_SECRET, dataDir),
    jwtTtl: int('ORDO_JWT_TTL', merged.ORDO_JWT_TTL, 259200, 60),
    jwtTtlLong: int('ORDO_JWT_TTL_LONG', merged.ORDO_JWT_TTL_LONG, 2592000, 60),
    registration: bool('ORDO_REGISTRATION', merged.ORDO_REGISTRATION, true),
    localAuth: bool('ORDO_LOCAL_AUTH', merged.ORDO_LOCAL_AUTH, true),
    rateLimit: int('ORDO_RATE_LIMIT', merged.ORDO_RATE_LIMIT, 10, 0),
    bruteForce: {
      failures: int('ORDO_BRUTE_FORCE_FAILURES', merged.ORDO_BRUTE_FORCE_FAILURES, 5, 0, 1000),
      maxWaitMs: 1000 * int('ORDO_BRUTE_FORCE_MAX_WAIT', merged.ORDO_BRUTE_FORCE_MAX_WAIT, 300, 1, 86_400),
      forgetMs: 1000 * int('ORDO_BRUTE_FORCE_FORGET', merged.ORDO_BRUTE_FORCE_FORGET, 3600, 1, 30 * 86_400),
    },
    smtpUrl: merged.ORDO_SMTP_URL || null,
    mailFrom: merged.ORDO_MAIL_FROM || 'Ordo <ordo@localhost>',
    demoMode: bool('ORDO_DEMO_MODE', merged.ORDO_DEMO_MODE, false),
    motd: merged.ORDO_MOTD ?? '',
    maxFileSize: parseSize('ORDO_MAX_FILE_SIZE', merged.ORDO_MAX_FILE_SIZE, 20 * 1024 * 1024),
    maxBodySize: parseSize('ORDO_MAX_BODY_SIZE', merged.ORDO_MAX_BODY_SIZE, 2 * 1024 * 1024),
    importMaxSize: parseSize('ORDO_IMPORT_MAX_SIZE', merged.ORDO_IMPORT_MAX_SIZE, 100 * 1024 * 1024),
    importLimits: {
      tasks: int('ORDO_IMPORT_MAX_TASKS', merged.ORDO_IMPORT_MAX_TASKS, 100_000, 1),
      projects: int('ORDO_IMPORT_MAX_PROJECTS', merged.ORDO_IMPORT_MAX_PROJECTS, 2_000, 1),
      labels: int('ORDO_IMPORT_MAX_LABELS', merged.ORDO_IMPORT_MAX_LABELS, 5_000, 1),
      comments: int('ORDO_IMPORT_MAX_COMMENTS', merged.ORDO_IMPORT_MAX_COMMENTS, 200_000, 1),
      attachments: int('ORDO_IMPORT_MAX_ATTACHMENTS', merged.ORDO_IMPORT_MAX_ATTACHMENTS, 10_000, 1),
    },
    importMaxMemory: parseSize('ORDO_IMPORT_MAX_MEMORY', merged.ORDO_IMPORT_MAX_MEMORY, 512 * 1024 * 1024),
    importWorkerFrom: parseSize('ORDO_IMPORT_WORKER_FROM', merged.ORDO_IMPORT_WORKER_FROM, 256 * 1024),
    gravatarUrl: httpUrl(
      'ORDO_GRAVATAR_URL',
      merged.ORDO_GRAVATAR_URL || 'https://www.gravatar.com/avatar/',
    ).replace(/\/?$/, '/'),
    avatarsRequireLogin: bool('ORDO_AVATARS_REQUIRE_LOGIN', merged.ORDO_AVATARS_REQUIRE_LOGIN, false),
    maxItemsPerPage: int('ORDO_MAX_ITEMS_PER_PAGE', merged.ORDO_MAX_ITEMS_PER_PAGE, 50, 1),
    activityDays: int('ORDO_ACTIVITY_DAYS', merged.ORDO_ACTIVITY_DAYS, 365, 1, 36_500),
    trashDays: int('ORDO_TRASH_DAYS', merged.ORDO_TRASH_DAYS, 30, 1, 36_500),
    templateMaxTasks: int('ORDO_TEMPLATE_MAX_TASKS', merged.ORDO_TEMPLATE_MAX_TASKS, 10_000, 1, 100_000),
    linkSharing: bool('ORDO_LINK_SHARING', merged.ORDO_LINK_SHARING, true),
    taskAttachments: bool('ORDO_TASK_ATTACHMENTS', merged.ORDO_TASK_ATTACHMENTS, true),
    backgrounds: bool('ORDO_BACKGROUNDS', merged.ORDO_BACKGROUNDS, true),
    taskComments: bool('ORDO_TASK_COMMENTS', merged.ORDO_TASK_COMMENTS, true),
    webhooks: bool('ORDO_WEBHOOKS', merged.ORDO_WEBHOOKS, true),
    webhooksTimeout: int('ORDO_WEBHOOKS_TIMEOUT', merged.ORDO_WEBHOOKS_TIMEOUT, 10, 1, 300),
    webhooksAllowInternal: webhooksAllowInternal(merged.ORDO_WEBHOOKS_ALLOW_INTERNAL),
    totp: bool('ORDO_TOTP', merged.ORDO_TOTP, true),
    caldav: bool('ORDO_CALDAV', merged.ORDO_CALDAV, true),
    publicTeams: bool('ORDO_PUBLIC_TEAMS', merged.ORDO_PUBLIC_TEAMS, false),
    allowIconChanges: bool('ORDO_ALLOW_ICON_CHANGES', merged.ORDO_ALLOW_ICON_CHANGES, true),
    imprintUrl: merged.ORDO_IMPRINT_URL ?? '',
    privacyPolicyUrl: merged.ORDO_PRIVACY_POLICY_URL ?? '',
    openidProviders: providers,
    ldap: parseLdapConfig(merged, bool, (message) => new ConfigError(message)),
    webDistDir: resolve(merged.ORDO_WEB_DIST || join(repoRoot, 'packages/web/dist')),
    logLevel,
    // By default only the app on the public address may call the API from a browser.
    corsOrigins: (merged.ORDO_CORS_ORIGINS || new URL(publicUrl).origin)
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    trustProxy: trustProxy(merged.ORDO_TRUST_PROXY),
    workers: workers(merged.ORDO_WORKERS, database),
    maxEventLoopDelay: int('ORDO_MAX_EVENT_LOOP_DELAY', merged.ORDO_MAX_EVENT_LOOP_DELAY, 500, 0),
    maxEventLoopUtilization: int(
      'ORDO_MAX_EVENT_LOOP_UTILIZATION',
      merged.ORDO_MAX_EVENT_LOOP_UTILIZATION,
      0,
      0,
      100,
    ),
    maxDbQueue: int('ORDO_MAX_DB_QUEUE', merged.ORDO_MAX_DB_QUEUE, 200, 0),
    maxDbWait: int('ORDO_MAX_DB_WAIT', merged.ORDO_MAX_DB_WAIT, 1000, 0),
    retryAfter: int('ORDO_RETRY_AFTER', merged.ORDO_RETRY_AFTER, 5, 1, 3600),
    metrics: parseMetricsAccess(merged, (message) => new ConfigError(message)),
  };
}

/** Up to four processes by default: one per core, without filling a large host's memory unasked. */
const DEFAULT_MAX_WORKERS = 4;

/** An in-memory SQLite database lives in one process: that process serves it, without workers. */
export function servedInProcess(database: DatabaseConfig): boolean {
  return database.kind === 'sqlite' && database.file === ':memory:';
}

function workers(value: string | undefined, database: DatabaseConfig): number {
  const wanted = int('ORDO_WORKERS', value, defaultWorkers(database), 1, 64);
  // Each process would open a database of its own.
  if (servedInProcess(database)) return 1;
  return wanted;
}

/**
 * A PostgreSQL server on this host needs cores too: a search page over 100,000 tasks cost it about
 * as much CPU as it cost us (1.6 ms each), so it gets half of them. Measured on 2 cores, one
 * process against two, alternately: the same throughput, our CPU per request 1.6 against
 * 2.1–2.6 ms and p99 36–38 against 48–64 ms; the second process only fought PostgreSQL for the
 * cores. SQLite works inside our processes, and a PostgreSQL elsewhere on its own cores.
 */
function defaultWorkers(database: DatabaseConfig): number {
  const cores = availableParallelism();
  const ours = database.kind === 'postgres' && onThisHost(database.url) ? Math.floor(cores / 2) : cores;
  return Math.max(1, Math.min(ours, DEFAULT_MAX_WORKERS));
}

/** A loopback address, localhost, or a Unix socket (no host, or an encoded path). */
function onThisHost(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  return (
    host === '' ||
    host === 'localhost' ||
    host === '[::1]' ||
    host.startsWith('127.') ||
    host.startsWith('%2f')
  );
}

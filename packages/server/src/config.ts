/**
 * Configuration, read once at start from the environment and an optional JSON file
 * (`ORDO_CONFIG_FILE`), validated, then passed down. Nothing else reads `process.env`.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export type DatabaseConfig = { kind: 'sqlite'; file: string } | { kind: 'postgres'; url: string };

export interface OidcProviderConfig {
  key: string;
  name: string;
  authUrl: string;
  clientId: string;
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
  smtpUrl: string | null;
  mailFrom: string;
  demoMode: boolean;
  motd: string;
  maxFileSize: number;
  maxItemsPerPage: number;
  linkSharing: boolean;
  taskAttachments: boolean;
  taskComments: boolean;
  totp: boolean;
  caldav: boolean;
  userDeletion: boolean;
  publicTeams: boolean;
  allowIconChanges: boolean;
  emailReminders: boolean;
  webhooks: boolean;
  imprintUrl: string;
  privacyPolicyUrl: string;
  openidProviders: OidcProviderConfig[];
  ldap: boolean;
  /** Folder with the built web app; the server serves it with an SPA fallback when present. */
  webDistDir: string;
  logLevel: string;
  corsOrigins: string[];
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

function int(name: string, value: string | undefined, fallback: number, min = 0): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new ConfigError(`${name} must be a whole number ≥ ${min}, got "${value}"`);
  return n;
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
    const file = url.slice('sqlite:'.length).replace(/^\/\/(?=\/)/, '');
    if (!file) throw new ConfigError('DATABASE_URL sqlite: needs a file path, e.g. sqlite:/var/lib/ordo/ordo.db');
    return { kind: 'sqlite', file: file === ':memory:' ? file : resolve(file) };
  }
  if (/^postgres(ql)?:\/\//.test(url)) return { kind: 'postgres', url };
  throw new ConfigError('DATABASE_URL must start with sqlite: or postgres://');
}

function readSecret(dataDir: string): string {
  const file = join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** Reads the environment (and the optional config file, whose keys are the variable names). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  let merged: Record<string, string | undefined> = { ...env };
  if (env.ORDO_CONFIG_FILE) {
    const raw = JSON.parse(readFileSync(env.ORDO_CONFIG_FILE, 'utf8')) as Record<string, unknown>;
    const fromFile = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, v == null ? undefined : String(v)]));
    merged = { ...fromFile, ...merged };
  }
  const dataDir = resolve(merged.ORDO_DATA_DIR || './data');
  const port = int('PORT', merged.PORT, 3456, 0);
  const publicUrl = (merged.ORDO_PUBLIC_URL || `http://localhost:${port}/`).replace(/\/?$/, '/');
  let providers: OidcProviderConfig[] = [];
  if (merged.ORDO_OPENID_PROVIDERS) {
    try {
      providers = JSON.parse(merged.ORDO_OPENID_PROVIDERS) as OidcProviderConfig[];
    } catch {
      throw new ConfigError('ORDO_OPENID_PROVIDERS must be a JSON array');
    }
  }
  return {
    port,
    host: merged.HOST || '0.0.0.0',
    publicUrl,
    dataDir,
    database: parseDatabaseUrl(merged.DATABASE_URL, dataDir),
    jwtSecret: merged.ORDO_JWT_SECRET || readSecret(dataDir),
    jwtTtl: int('ORDO_JWT_TTL', merged.ORDO_JWT_TTL, 259200, 60),
    jwtTtlLong: int('ORDO_JWT_TTL_LONG', merged.ORDO_JWT_TTL_LONG, 2592000, 60),
    registration: bool('ORDO_REGISTRATION', merged.ORDO_REGISTRATION, true),
    localAuth: bool('ORDO_LOCAL_AUTH', merged.ORDO_LOCAL_AUTH, true),
    rateLimit: int('ORDO_RATE_LIMIT', merged.ORDO_RATE_LIMIT, 10, 0),
    smtpUrl: merged.ORDO_SMTP_URL || null,
    mailFrom: merged.ORDO_MAIL_FROM || 'Ordo <ordo@localhost>',
    demoMode: bool('ORDO_DEMO_MODE', merged.ORDO_DEMO_MODE, false),
    motd: merged.ORDO_MOTD ?? '',
    maxFileSize: parseSize('ORDO_MAX_FILE_SIZE', merged.ORDO_MAX_FILE_SIZE, 20 * 1024 * 1024),
    maxItemsPerPage: int('ORDO_MAX_ITEMS_PER_PAGE', merged.ORDO_MAX_ITEMS_PER_PAGE, 50, 1),
    linkSharing: bool('ORDO_LINK_SHARING', merged.ORDO_LINK_SHARING, true),
    taskAttachments: bool('ORDO_TASK_ATTACHMENTS', merged.ORDO_TASK_ATTACHMENTS, true),
    taskComments: bool('ORDO_TASK_COMMENTS', merged.ORDO_TASK_COMMENTS, true),
    totp: bool('ORDO_TOTP', merged.ORDO_TOTP, true),
    caldav: bool('ORDO_CALDAV', merged.ORDO_CALDAV, true),
    userDeletion: bool('ORDO_USER_DELETION', merged.ORDO_USER_DELETION, true),
    publicTeams: bool('ORDO_PUBLIC_TEAMS', merged.ORDO_PUBLIC_TEAMS, false),
    allowIconChanges: bool('ORDO_ALLOW_ICON_CHANGES', merged.ORDO_ALLOW_ICON_CHANGES, true),
    emailReminders: bool('ORDO_EMAIL_REMINDERS', merged.ORDO_EMAIL_REMINDERS, true),
    webhooks: bool('ORDO_WEBHOOKS', merged.ORDO_WEBHOOKS, true),
    imprintUrl: merged.ORDO_IMPRINT_URL ?? '',
    privacyPolicyUrl: merged.ORDO_PRIVACY_POLICY_URL ?? '',
    openidProviders: providers,
    ldap: bool('ORDO_LDAP', merged.ORDO_LDAP, false),
    webDistDir: resolve(merged.ORDO_WEB_DIST || join(repoRoot, 'packages/web/dist')),
    logLevel: merged.ORDO_LOG_LEVEL || merged.LOG_LEVEL || 'info',
    corsOrigins: (merged.ORDO_CORS_ORIGINS || 'http://127.0.0.1:*,http://localhost:*').split(',').map((s) => s.trim()),
  };
}

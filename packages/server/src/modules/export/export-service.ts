/**
 * A user's data export (reference §2.3 `/user/export/*`, §3.16, §5.5). A request (with the
 * password) starts building a zip in this process; its state lives in the database, so any
 * process answers the status and serves the download. When mail is on, a link to the download
 * page is mailed once the zip is ready. An export is kept for 7 days; the housekeeping sweep
 * removes it after that.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { displayName, nowIso } from '@ordo/core';
import type { Kysely } from 'kysely';
import type { Config } from '../../config.js';
import type { Database, UserRow } from '../../db/schema.js';
import { fail } from '../../http/api-error.js';
import type { UserPrincipal } from '../../http/principal.js';
import type { AccountPasswordCheck } from '../account/password-check.js';
import type { Mailer } from '../mail/mailer.js';
import { UsersRepo } from '../users/repo.js';
import { ExportContents, type ExportSources } from './export-contents.js';
import { ExportRepo } from './export-repo.js';
import { writeExportZip } from './export-zip.js';

export const EXPORT_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;
/** A build this old died with its process (a restart); the user may start another. */
export const STALE_BUILD_MS = 60 * 60 * 1000;

const isoAt = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

export interface ExportStatus {
  id?: number;
  size?: number;
  created?: string;
  expires?: string;
  building_since?: string;
}

export interface ExportDownload {
  stream: Readable;
  size: number;
  fileName: string;
}

export class DataExportService {
  private readonly repo: ExportRepo;
  private readonly builds = new Set<Promise<void>>();

  constructor(
    private readonly config: Config,
    private readonly db: Kysely<Database>,
    private readonly sources: ExportSources,
    private readonly mailer: Mailer,
    private readonly passwords: AccountPasswordCheck,
    private readonly log: { error(message: string): void } = console,
  ) {
    this.repo = new ExportRepo(db);
  }

  /** Starts a build unless one is under way already; either way the export is coming. */
  async request(principal: UserPrincipal, password: string | undefined, ip: string): Promise<void> {
    const user = await this.user(principal);
    await this.passwords.demandIfLocal(user, password, ip);
    const started = await this.repo.startBuild(user.id, nowIso(), isoAt(Date.now() - STALE_BUILD_MS));
    if (!started) return;
    const build = this.build(user).finally(() => this.builds.delete(build));
    this.builds.add(build);
  }

  /**
   * `{}` without an export, else its id, size, creation and expiry. A build under way adds
   * `building_since` (an Ordo addition that Vikunja's clients ignore).
   */
  async status(principal: UserPrincipal): Promise<ExportStatus> {
    const { finished, buildStarted: since } = await this.repo.state(principal.userId);
    return {
      ...(finished
        ? {
            id: finished.fileId,
            size: finished.size,
            created: finished.created,
            expires: isoAt(Date.parse(finished.created) + EXPORT_LIFETIME_MS),
          }
        : {}),
      ...(since ? { building_since: since } : {}),
    };
  }

  async download(
    principal: UserPrincipal,
    password: string | undefined,
    ip: string,
  ): Promise<ExportDownload> {
    const user = await this.user(principal);
    await this.passwords.demandIfLocal(user, password, ip);
    const { finished } = await this.repo.state(user.id);
    if (!finished) throw fail('userDataExportDoesNotExist');
    let stream: Readable;
    try {
      stream = await this.sources.files.open(finished.fileId);
    } catch {
      // The record is there but its bytes are not (reference §5.5).
      throw fail('userDataExportDoesNotExist');
    }
    const day = finished.created.slice(0, 10);
    const name = user.username.replace(/[^\w.-]+/g, '_');
    return { stream, size: finished.size, fileName: `ordo-export-${name}-${day}.zip` };
  }

  /** Resolves once the builds under way have finished, or after `timeoutMs`. */
  async settled(timeoutMs = Number.POSITIVE_INFINITY): Promise<void> {
    if (this.builds.size === 0) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      if (Number.isFinite(timeoutMs)) timer = setTimeout(resolve, timeoutMs);
    });
    await Promise.race([Promise.allSettled([...this.builds]), timeout]);
    clearTimeout(timer);
  }

  private async build(user: UserRow): Promise<void> {
    const tmpDir = join(this.config.dataDir, 'tmp');
    const tmpFile = join(tmpDir, `export-${user.id}-${randomBytes(6).toString('hex')}.zip`);
    try {
      await mkdir(tmpDir, { recursive: true });
      await writeExportZip(new ExportContents(this.sources, user), this.sources.files, tmpFile);
      const { size } = await stat(tmpFile);
      const created = nowIso();
      const { replaced } = await this.db.transaction().execute(async (trx) => {
        const exports = this.repo.with(trx);
        const file = await exports.insertFile(`ordo-export-${user.username}.zip`, size, user.id, created);
        const old = await exports.finishBuild(user.id, file.id);
        if (old !== null) await exports.deleteFile(old);
        // The file is stored before the export is committed as finished: the status must never
        // offer a download whose file is not there yet (a test read the status in that gap).
        await this.sources.files.put(file.id, createReadStream(tmpFile));
        return { replaced: old };
      });
      if (replaced !== null) await this.sources.files.remove(replaced);
      if (this.mailer.enabled) await this.mailReady(user);
    } catch (error) {
      this.log.error(`the data export of user ${user.id} failed: ${(error as Error).message}`);
      await this.repo.abandonBuild(user.id).catch(() => {});
    } finally {
      await rm(tmpFile, { force: true });
    }
  }

  private async mailReady(user: UserRow): Promise<void> {
    await this.mailer.send({
      to: user.email,
      subject: 'Your Ordo data export is ready',
      text: [
        `Hi ${displayName(user)},`,
        '',
        'The export of your Ordo data you asked for is ready. Download it here:',
        '',
        `${this.config.publicUrl.replace(/\/?$/, '/')}user/export/download`,
        '',
        'You will be asked for your password. The export is kept for 7 days.',
      ].join('\n'),
    });
  }

  private async user(principal: UserPrincipal): Promise<UserRow> {
    const user = await new UsersRepo(this.db).findById(principal.userId);
    if (!user) throw fail('userDoesNotExist');
    return user;
  }
}

/** The housekeeping part: exports older than 7 days go, and builds that died may start again. */
export async function removeExpiredExports(
  db: Kysely<Database>,
  files: { remove(id: number): Promise<void> },
  now = Date.now(),
): Promise<number> {
  const repo = new ExportRepo(db);
  await repo.clearStaleBuilds(isoAt(now - STALE_BUILD_MS));
  const removed = await repo.removeCreatedBefore(isoAt(now - EXPORT_LIFETIME_MS));
  for (const id of removed) await files.remove(id);
  return removed.length;
}

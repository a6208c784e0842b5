/**
 * The files a user imported (import_fingerprints, migration 0043): the same file is imported
 * once. A user who deleted everything an import made may import the file again.
 *
 * A file is known by what it holds, not by its bytes: the SHA-256 of the plan read from it (a CSV
 * saved again with other line ends or quotes is the same list), or of what the importer names as
 * its content: a Vikunja export downloaded twice is two different zips (their entries carry the
 * time they were packed) around the same data.json, which is hashed as it is, at once, rather than
 * walking a plan of many thousand tasks on the main thread.
 */
import { createHash } from 'node:crypto';
import { nowIso } from '@ordo/core';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { ReadImport } from './importer.js';
import type { PlanProject } from './plan.js';

export function fingerprintOf(migrator: string, read: ReadImport): string {
  const hash = createHash('sha256').update(migrator);
  // Piece by piece, so a file of many thousand tasks never becomes one huge string. Functions (an
  // attachment's reader) are left out by JSON.stringify; names and types stay.
  const add = (value: unknown) => hash.update('\u0000').update(JSON.stringify(value) ?? '');
  const visit = (project: PlanProject) => {
    add({ ...project, tasks: project.tasks.length, children: project.children.length });
    for (const task of project.tasks) add(task);
    for (const child of project.children) visit(child);
  };
  if (read.content !== undefined) add(read.content);
  else for (const project of read.plan.projects) visit(project);
  return hash.digest('hex');
}

export class FingerprintRepo {
  constructor(private readonly db: Kysely<Database>) {}

  /** When the user imported this file, if what that import made is still (partly) there. */
  async importedAt(userId: number, sha256: string): Promise<string | undefined> {
    const rows = await this.db
      .selectFrom('import_fingerprints')
      .select(['imported_at', 'project_ids'])
      .where('user_id', '=', userId)
      .where('sha256', '=', sha256)
      .orderBy('id', 'desc')
      .execute();
    for (const row of rows) {
      const ids = JSON.parse(row.project_ids) as number[];
      if (ids.length === 0) continue;
      const kept = await this.db
        .selectFrom('projects')
        .select('id')
        .where('id', 'in', ids)
        .limit(1)
        .executeTakeFirst();
      if (kept) return row.imported_at;
    }
    return undefined;
  }

  async record(userId: number, migrator: string, sha256: string, projectIds: readonly number[]) {
    await this.db
      .insertInto('import_fingerprints')
      .values({
        user_id: userId,
        migrator_name: migrator,
        sha256,
        imported_at: nowIso(),
        project_ids: JSON.stringify(projectIds),
      })
      .execute();
  }
}

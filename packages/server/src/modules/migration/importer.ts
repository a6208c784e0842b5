/** What every file importer offers the migration service. */
import type { ImportCountLimits } from './limits.js';
import type { ImportPlan } from './plan.js';

export interface ImportLimits {
  /** The most one attachment may hold (the attachment upload limit); larger ones are left out. */
  maxFileSize: number;
  /** The most an upload may unpack to in all. */
  maxUnpacked: number;
  /** The most of each kind a file may hold. */
  counts: ImportCountLimits;
  /** The heap the worker reading a large file may use, in bytes. */
  maxMemory: number;
}

export interface ReadImport {
  plan: ImportPlan;
  /**
   * What tells this file's content apart for the duplicate check, when the plan holds more than
   * the content (a project named after the file's name, which a second download changes) or is
   * slower to hash than the content (a Vikunja export's data.json); the plan when absent.
   */
  content?: unknown;
  /** Releases the upload once the plan is written (attachments read from it until then). */
  close(): void;
}

export interface FileImporter {
  /** The name in the API paths and in `available_migrators`. */
  readonly name: string;
  /**
   * What an importer made for one upload was made with (the CSV mapping), plain data a worker
   * thread can be sent to make the same importer again (importers.ts); none for the fixed ones.
   */
  readonly args?: unknown;
  /**
   * Reads and checks the upload; throws the catalogue's error for a file it cannot use. The file's
   * name names the project where the format does not (Todoist's CSV is named after its project).
   */
  read(bytes: Buffer, limits: ImportLimits, fileName?: string): Promise<ReadImport>;
}

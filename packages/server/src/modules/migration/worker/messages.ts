/**
 * What the main thread and an import worker thread (worker/entry.ts) tell each other. The worker
 * gets the upload, the job and where the database is; it answers what it read (or why the file is
 * refused), waits for the order to write, then answers how the write ended. Errors cross as plain
 * data: a catalogue error comes back as the same ApiError, so the user sees the same answer as
 * when the import ran on the main thread.
 */
import type { DatabaseConfig } from '../../../config.js';
import { ApiError } from '../../../http/api-error.js';
import type { ImportLimits } from '../importer.js';
import type { ImporterSpec } from '../importers.js';
import type { ImportCounts } from '../limits.js';
import type { CreatedRows } from '../status-repo.js';

export interface WorkerInput {
  database: DatabaseConfig;
  dataDir: string;
  job: { id: number; userId: number };
  importer: ImporterSpec;
  bytes: Uint8Array;
  fileName: string;
  limits: ImportLimits;
}

export type ToWorker = { type: 'write'; total: number } | { type: 'stop' };

export type FromWorker =
  | { type: 'read'; counts: ImportCounts; sha256: string }
  | { type: 'refused'; error: WireError }
  | { type: 'ended'; state: 'done' | 'cancelled'; created: CreatedRows }
  | { type: 'failed'; error: WireError; created: CreatedRows };

export interface WireError {
  message: string;
  api?: {
    status: number;
    code: number | undefined;
    extra: Record<string, unknown>;
    headers: Record<string, string>;
  };
}

export function toWire(error: unknown): WireError {
  if (error instanceof ApiError) {
    const { status, code, extra, headers } = error;
    return { message: error.message, api: { status, code, extra, headers } };
  }
  return { message: error instanceof Error ? error.message : String(error) };
}

export function fromWire(wire: WireError): Error {
  if (!wire.api) return new Error(wire.message);
  const { status, code, extra, headers } = wire.api;
  return new ApiError(status, code, wire.message, extra, headers);
}

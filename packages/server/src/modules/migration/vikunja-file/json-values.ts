/**
 * Reading values out of a parsed data.json without trusting its shape: a field of the wrong type
 * reads as empty, so a hand-edited or older export imports what it can instead of failing.
 */
import { fromApiDate } from '@ordo/core';
import { fail } from '../../../http/api-error.js';

export type JsonObject = Record<string, unknown>;

export function objectOf(value: unknown): JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as JsonObject) : {};
}

export function objectsOf(value: unknown): JsonObject[] {
  return Array.isArray(value) ? value.map(objectOf) : [];
}

export function textOf(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

export function numberOf(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : 0;
}

export function flagOf(value: unknown): boolean {
  return value === true;
}

/** A wire date (zero time means unset) as stored text, or null. */
export function dateOf(value: unknown): string | null {
  return typeof value === 'string' ? (fromApiDate(value) ?? null) : null;
}

/** An id as a key; empty when there is none. */
export function keyOf(value: unknown): string {
  return typeof value === 'number' || (typeof value === 'string' && value !== '') ? String(value) : '';
}

/** A JSON file of the export (a leading byte order mark allowed); 14002 when it is not JSON. */
export function parseJsonFile(bytes: Buffer): unknown {
  try {
    return JSON.parse(bytes.toString('utf8').replace(/^\uFEFF/, ''));
  } catch {
    throw fail('importFileIsEmpty');
  }
}

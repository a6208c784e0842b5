/** Clamping imported task values into the ranges Ordo accepts, instead of refusing the file. */
import type { RepeatMode } from '@ordo/core';
import { normalizeHexColor } from '../input/fields.js';
import { MAX_REPEAT_AFTER } from '../tasks/input.js';

export function clampPriority(value: number): number {
  return Math.min(5, Math.max(0, Math.round(value)));
}

export function clampPercentDone(value: number): number {
  return Math.min(1, Math.max(0, value));
}

export function clampRepeatAfter(value: number): number {
  return Math.min(MAX_REPEAT_AFTER, Math.max(0, Math.round(value)));
}

export function repeatModeOf(value: number): RepeatMode {
  return value === 1 || value === 2 ? value : 0;
}

/** A colour Ordo can store (six hex digits, no #); anything else becomes none. */
export function hexColorOf(value: string): string {
  const hex = normalizeHexColor(value);
  return /^[0-9a-f]{6}$/i.test(hex) ? hex.toLowerCase() : '';
}

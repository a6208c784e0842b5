/**
 * The name an uploaded file is stored under: the browser sends the file's own name, so a stray
 * NUL character (which PostgreSQL cannot store) is dropped rather than the upload refused, and a
 * name is cut to 250 characters like every other name.
 */
import { FIELD_LIMITS } from '@ordo/core';

export function storedFileName(name: string | undefined, fallback: string): string {
  const clean = (name ?? '').replaceAll('\u0000', '');
  const chars = [...clean];
  return (chars.length > FIELD_LIMITS.name ? chars.slice(0, FIELD_LIMITS.name).join('') : clean) || fallback;
}

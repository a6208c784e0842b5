/** How groups and permissions from the catalogue read in the page. */
import type { TFunction } from 'i18next';
import { formatDay as formatDayOf } from '../../../i18n/date-formats';

/** Permission names the page translates; others (route-specific names) are shown readable. */
const KNOWN_PERMISSIONS = new Set([
  'read_all',
  'read_one',
  'create',
  'update',
  'delete',
  'create_bulk',
  'update_bulk',
  'delete_bulk',
  'access',
  'mark_all_as_read',
]);

/** `tasks_assignees` → `Tasks assignees` */
export function readableName(name: string): string {
  const words = name.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function permissionLabel(t: TFunction, permission: string): string {
  return KNOWN_PERMISSIONS.has(permission)
    ? t(`settings.apiTokens.permission.${permission}`)
    : readableName(permission);
}

export function formatDay(wire: string, language: string): string {
  return formatDayOf(new Date(wire), language);
}

/**
 * How a task's activity shows a value before and after a change. A custom field's change carries
 * its title and not its kind, so its value is read by its shape: a person or a label by name
 * (`{ id, name }`), choices as a list, a checkbox as yes or no, a date as a date.
 */
import { fromApiDate } from '@ordo/core';
import { formatDateTime } from '../../../i18n/date-formats';
import { priorityNames } from '../fields/priority-names';

/** The words a value may need, looked up by i18n key. */
export type Translate = (key: string) => string;

function nameOf(item: unknown): string {
  if (typeof item === 'string' || typeof item === 'number') return String(item);
  if (item !== null && typeof item === 'object' && 'name' in item) return String(item.name ?? '');
  return '';
}

/** The value shown for an activity entry's field, or null where none can be shown. */
export function activityValueText(
  t: Translate,
  field: string,
  value: unknown,
  language: string,
): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (field === 'description' || field === 'repeat_mode') return null;
  if (field === 'priority') return t(`tasks.priority.${priorityNames[Number(value)] ?? 'unset'}`);
  if (field === 'percent_done') return `${Math.round(Number(value) * 100)} %`;
  if (field === 'hex_color') return `#${String(value).replace(/^#/, '')}`;
  if (typeof value === 'boolean') return t(value ? 'customFields.yes' : 'customFields.no');
  if (Array.isArray(value)) return value.map(nameOf).filter(Boolean).join(', ') || null;
  if (typeof value === 'object') return nameOf(value) || null;
  if (typeof value === 'string') {
    // A task's date or a custom date field's (RFC 3339); the zero time is an unset date.
    const date = fromApiDate(value);
    if (date === null) return null;
    if (date !== undefined) return formatDateTime(new Date(date), language);
  }
  return String(value);
}

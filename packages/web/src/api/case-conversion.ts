/** The API speaks snake_case, the app camelCase (spec 1 §7): converted at the edge, both ways. */

export function snakeToCamel(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

export function camelToSnake(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

/**
 * Objects whose keys are data, not field names: reactions are keyed by their value ("thumbs_up"),
 * an API token's permissions by group ("tasks_assignees"), custom field values by field id.
 */
const KEYED_BY_DATA: ReadonlySet<string> = new Set([
  'reactions',
  'permissions',
  // A task's custom field values, keyed by field id.
  'custom_fields',
  'customFields',
]);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype;
}

function convertKeys(value: unknown, convert: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => convertKeys(item, convert));
  if (!isPlainObject(value)) return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      convert(k),
      KEYED_BY_DATA.has(k) && isPlainObject(v)
        ? Object.fromEntries(Object.entries(v).map(([data, item]) => [data, convertKeys(item, convert)]))
        : convertKeys(v, convert),
    ]),
  );
}

export function toCamel<T>(value: unknown): T {
  return convertKeys(value, snakeToCamel) as T;
}

/**
 * An answer that is itself keyed by data (GET …/reactions gives `{ "thumbs_up": [users] }`): the
 * keys stay as they are, only the values are converted.
 */
export function toCamelKeyedByData<T>(value: unknown): T {
  if (!isPlainObject(value)) return toCamel<T>(value);
  return Object.fromEntries(Object.entries(value).map(([data, item]) => [data, toCamel(item)])) as T;
}

export function toSnake(value: unknown): unknown {
  return convertKeys(value, camelToSnake);
}

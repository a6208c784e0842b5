/** The API speaks snake_case, the app camelCase (spec 1 §7): converted at the edge, both ways. */

export function snakeToCamel(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

export function camelToSnake(key: string): string {
  return key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
}

function convertKeys(value: unknown, convert: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => convertKeys(item, convert));
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [convert(k), convertKeys(v, convert)]),
    );
  }
  return value;
}

export function toCamel<T>(value: unknown): T {
  return convertKeys(value, snakeToCamel) as T;
}

export function toSnake(value: unknown): unknown {
  return convertKeys(value, camelToSnake);
}

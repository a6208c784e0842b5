/**
 * The labels the app has loaded (label pages and searches, and the labels on cached tasks), so a
 * label can be put on a task without a network: the picker offers them, and the outbox shows the
 * label on the task at once.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Label } from '../../api/labels';

const isLabel = (value: unknown): value is Label =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Label).id === 'number' &&
  typeof (value as Label).title === 'string' &&
  typeof (value as Label).hexColor === 'string';

/** Every label found in the cache, once each by id. */
export function cachedLabels(client: QueryClient): Label[] {
  const found = new Map<number, Label>();
  const take = (labels: unknown) => {
    if (!Array.isArray(labels)) return;
    for (const label of labels) if (isLabel(label) && !found.has(label.id)) found.set(label.id, label);
  };
  for (const query of client.getQueryCache().findAll({ queryKey: ['labels'] })) {
    const data = query.state.data as { labels?: unknown } | unknown[] | undefined;
    take(Array.isArray(data) ? data : data?.labels);
  }
  // Labels on tasks: the only copy of a label when its pages were never opened.
  const walk = (value: unknown, depth: number): void => {
    if (depth > 6 || typeof value !== 'object' || value === null) return;
    if (Array.isArray(value)) {
      for (const item of value) walk(item, depth + 1);
      return;
    }
    const record = value as Record<string, unknown>;
    if ('done' in record && 'projectId' in record) take(record.labels);
    else for (const item of Object.values(record)) walk(item, depth + 1);
  };
  for (const query of client.getQueryCache().findAll({ queryKey: ['tasks'] })) walk(query.state.data, 0);
  return [...found.values()];
}

export function cachedLabel(client: QueryClient, id: number): Label | null {
  return cachedLabels(client).find((label) => label.id === id) ?? null;
}

/**
 * Labels made without a network: each is shown at once under a negative id, on the tasks it is put
 * on and wherever the app offers labels (cached-labels.ts reads the `labels`, `waiting` query), and
 * gets the server's id when the outbox has sent it (replaceTempLabel in offline-changes.ts). The waiting list lives in the
 * query cache, so it is saved with it over a reload and never collected while its create waits.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Label } from '../../api/labels';
import { queryKeys } from '../../api/query-keys';
import type { User } from '../../api/types';

const WAITING_LABELS = ['labels', 'waiting'] as const;

/** Labels whose create waits in the outbox. */
export function waitingLabels(client: QueryClient): Label[] {
  return client.getQueryData<Label[]>(WAITING_LABELS) ?? [];
}

export function setWaitingLabels(client: QueryClient, edit: (labels: Label[]) => Label[]): void {
  client.setQueryDefaults(WAITING_LABELS, {
    gcTime: Number.POSITIVE_INFINITY,
    staleTime: Number.POSITIVE_INFINITY,
  });
  client.setQueryData<Label[]>(WAITING_LABELS, (labels) => edit(labels ?? []));
}

/** A label made offline, as the server would answer it, added to the waiting labels. */
export function addWaitingLabel(
  client: QueryClient,
  id: number,
  body: { title?: string; description?: string; hexColor?: string },
): Label {
  const now = `${new Date().toISOString().slice(0, 19)}Z`;
  const label: Label = {
    id,
    title: body.title ?? '',
    description: body.description ?? '',
    hexColor: body.hexColor ?? '',
    createdBy: client.getQueryData<User>(queryKeys.currentUser) ?? null,
    created: now,
    updated: now,
  };
  setWaitingLabels(client, (labels) => [...labels, label]);
  return label;
}

/** A title already used by a label made offline (case aside): the one a second use of it means. */
export function waitingLabelTitled(client: QueryClient, title: string): Label | null {
  const wanted = title.trim().toLowerCase();
  return waitingLabels(client).find((label) => label.title.toLowerCase() === wanted) ?? null;
}

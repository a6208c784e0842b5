/**
 * The app opens at a task (the route's `opening`, run at start by app/lazy-page.ts): the task is
 * asked for beside the session check (once the configuration is read, as the user is) and the
 * page's code, rather than once that code is here. Offline, the detail starts from the copy a list loaded (use-task-editor.ts), which a failed
 * request here would keep out.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { Params } from 'react-router';
import { sessionMayAsk } from '../../app/opening-requests';
import { taskDetailQuery } from './task-detail-query';

/**
 * The task of a `tasks/:id` address, or null for an address that names none. A negative id is a
 * task made offline, not on the server yet (app/offline/outbox.ts).
 */
export function taskIdOf(id: string | undefined): number | null {
  const taskId = Number(id);
  return /^-?\d+$/.test(id ?? '') && taskId !== 0 ? taskId : null;
}

export function openAtTask(client: QueryClient, params: Params): Promise<void> {
  const taskId = taskIdOf(params.id);
  if (taskId === null || taskId < 0) return Promise.resolve();
  return sessionMayAsk(client).then((ask) =>
    ask ? client.prefetchQuery(taskDetailQuery(taskId)) : undefined,
  );
}

/**
 * Sends a waiting task update as its own changes on the task as the server has it now, under that
 * version (If-Match): someone saving in between (412) makes it read and try again. Loaded only
 * when a replay has such an update to send.
 */
import { ApiRequestError } from '../../api/api-error';
import { apiRequestWithHeaders } from '../../api/client';
import { fetchTaskDetail, TASK_CHANGED_MEANWHILE, type Task, type TaskInput } from '../../api/tasks';
import { newIdempotencyKey, type OutboxEntry } from './outbox-entry';
import { rebaseUpdate } from './rebase-update';

const TRIES = 3;

export async function sendUpdateChanges(entry: OutboxEntry) {
  for (let attempt = 1; ; attempt++) {
    const { task: current, version } = await fetchTaskDetail(entry.taskId);
    const { body, kept, merged } = rebaseUpdate(entry.base as Task, entry.body as TaskInput, current);
    const met = kept.length + merged.length > 0 ? { kept, merged } : undefined;
    // The server has every change already (an earlier send that did arrive, or the same change).
    if (!body) return { data: current, headers: new Headers(version ? { etag: version } : {}), met };
    try {
      const { 'If-Match': _, ...headers } = entry.headers;
      const answer = await apiRequestWithHeaders<Task>('POST', `/tasks/${entry.taskId}`, {
        body,
        // A body of its own, so a key of its own: the first key belongs to the write as it was made.
        headers: {
          ...headers,
          ...(version ? { 'If-Match': version } : {}),
          'Idempotency-Key': newIdempotencyKey(),
        },
        direct: true,
      });
      return { ...answer, met };
    } catch (error) {
      const raced = error instanceof ApiRequestError && error.code === TASK_CHANGED_MEANWHILE;
      if (!raced || attempt >= TRIES) throw error;
    }
  }
}

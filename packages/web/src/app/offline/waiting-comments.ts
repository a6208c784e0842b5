/**
 * A task's comments as the server gave them, with the comment writes that still wait in the
 * outbox put on top: a refetch while they wait (a refresh, a live change, the window's focus)
 * shows what the user wrote, edited and deleted, not the server's older list.
 */
import type { Comment } from '../../api/comments';
import type { User } from '../../api/types';
import { commentIdOf } from './offline-changes';
import type { OutboxEntry } from './outbox-entry';

const onTheWire = (at: number) => `${new Date(at).toISOString().slice(0, 19)}Z`;

export function withWaitingComments(
  taskId: number,
  comments: Comment[],
  waiting: readonly OutboxEntry[],
  author: User | null,
): Comment[] {
  let result = comments;
  for (const entry of waiting) {
    if (entry.taskId !== taskId) continue;
    const text = (entry.body as { comment?: string } | null)?.comment ?? '';
    const id = commentIdOf(entry);
    if (entry.kind === 'comment') {
      const at = onTheWire(entry.at);
      // The id it was shown with when written (negative: waiting), kept so the row stays the same.
      const waitingId = entry.tempId < 0 ? entry.tempId : -entry.at;
      if (!result.some((c) => c.id === waitingId))
        result = [
          ...result,
          { id: waitingId, comment: text, author, reactions: null, created: at, updated: at },
        ];
    } else if (entry.kind === 'commentEdit') {
      result = result.map((c) => (c.id === id ? { ...c, comment: text, updated: onTheWire(entry.at) } : c));
    } else if (entry.kind === 'commentDelete') {
      result = result.filter((c) => c.id !== id);
    }
  }
  return result;
}

import { describe, expect, it } from 'vitest';
import type { Comment } from '../../api/comments';
import type { User } from '../../api/types';
import type { OutboxEntry } from './outbox-entry';
import { withWaitingComments } from './waiting-comments';

const dora = { id: 5, username: 'dora', name: 'Dora' } as User;
const at = '2026-12-01T10:00:00Z';
const comment = (id: number, text: string): Comment => ({
  id,
  comment: text,
  author: dora,
  reactions: null,
  created: at,
  updated: at,
});
const entry = (kind: OutboxEntry['kind'], path: string, body: unknown, tempId = 0): OutboxEntry => ({
  kind,
  method: kind === 'commentDelete' ? 'DELETE' : kind === 'comment' ? 'PUT' : 'POST',
  path,
  body,
  taskId: Number(/\/tasks\/(-?\d+)/.exec(path)?.[1]),
  key: `k-${path}`,
  headers: {},
  tempId,
  title: 'Fix the tap',
  at: Date.parse('2026-12-02T08:30:00Z'),
});

describe('a task’s comments with the writes still waiting', () => {
  const fetched = [comment(4, '<p>Old</p>'), comment(6, '<p>Gone</p>')];

  it('shows a comment written, one edited and one deleted offline over a fresh list, in order', () => {
    const waiting = [
      entry('commentEdit', '/tasks/7/comments/4', { comment: '<p>New</p>' }),
      entry('commentDelete', '/tasks/7/comments/6', undefined),
      entry('comment', '/tasks/7/comments', { comment: '<p>Hi</p>' }, -1700),
    ];
    const shown = withWaitingComments(7, fetched, waiting, dora);
    expect(shown.map((c) => [c.id, c.comment])).toEqual([
      [4, '<p>New</p>'],
      [-1700, '<p>Hi</p>'],
    ]);
    expect(shown[0].updated).toBe('2026-12-02T08:30:00Z');
    expect(shown[1].author).toBe(dora);
  });

  it('leaves other tasks’ comments and a list without waiting writes as they are', () => {
    const waiting = [entry('commentDelete', '/tasks/8/comments/4', undefined)];
    expect(withWaitingComments(7, fetched, waiting, dora)).toBe(fetched);
    expect(withWaitingComments(7, fetched, [], dora)).toBe(fetched);
  });
});

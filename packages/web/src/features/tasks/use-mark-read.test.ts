import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { clearUnreadMark, withoutUnreadMark } from './use-mark-read';

describe('withoutUnreadMark', () => {
  it("turns off the task's marker in list pages and board buckets, and leaves the rest as it was", () => {
    const other = { id: 2, title: 'Other', isUnread: true };
    const pages = {
      pages: [{ tasks: [{ id: 1, title: 'Opened', isUnread: true }, other] }],
      pageParams: [1],
    };
    const listed = withoutUnreadMark(pages, 1) as typeof pages;
    expect(listed.pages[0].tasks).toEqual([{ id: 1, title: 'Opened', isUnread: false }, other]);
    expect(listed.pages[0].tasks[1]).toBe(other);

    const board = {
      buckets: [
        { id: 1, tasks: [other] },
        { id: 2, tasks: [{ id: 1, isUnread: true }] },
      ],
    };
    const cleared = withoutUnreadMark(board, 1) as typeof board;
    expect(cleared.buckets[0]).toBe(board.buckets[0]);
    expect(cleared.buckets[1].tasks[0].isUnread).toBe(false);
  });

  it('answers the same data when the task is not unread there', () => {
    const read = { pages: [{ tasks: [{ id: 1, isUnread: false }] }] };
    expect(withoutUnreadMark(read, 1)).toBe(read);
    expect(withoutUnreadMark(undefined, 1)).toBeUndefined();
  });
});

describe('clearUnreadMark', () => {
  it('writes only the cached task queries that held the marker', () => {
    const client = new QueryClient();
    const list = ['tasks', 'view', 1, 2, 'list', {}];
    const comments = ['tasks', 'detail', 7, 'comments'];
    client.setQueryData(list, { pages: [{ tasks: [{ id: 7, isUnread: true }] }] });
    const kept = [{ id: 3, comment: 'hi' }];
    client.setQueryData(comments, kept);
    const written: string[] = [];
    client.getQueryCache().subscribe((event) => {
      if (event.type === 'updated') written.push(JSON.stringify(event.query.queryKey));
    });
    clearUnreadMark(client, 7);
    expect(client.getQueryData(list)).toEqual({ pages: [{ tasks: [{ id: 7, isUnread: false }] }] });
    expect(written).toEqual([JSON.stringify(list)]);
    clearUnreadMark(client, 7);
    expect(written).toHaveLength(1);
  });
});

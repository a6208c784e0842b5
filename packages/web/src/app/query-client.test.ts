import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { OrdoQueryClient } from './query-client';

/** A list on screen whose answers the test releases by hand, read from `server` when asked. */
function listOnScreen(client: QueryClient, tasks: string[]) {
  const server = { tasks };
  const answers: (() => void)[] = [];
  let asked = 0;
  const observer = new QueryObserver(client, {
    queryKey: ['tasks', 'list'],
    staleTime: 30_000,
    queryFn: () => {
      asked++;
      const tasks = [...server.tasks];
      return new Promise<string[]>((resolve) => answers.push(() => resolve(tasks)));
    },
  });
  const unsubscribe = observer.subscribe(() => {});
  return { server, answers, observer, unsubscribe, asked: () => asked };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('OrdoQueryClient.invalidateQueries', () => {
  it('reads again a list whose first load was under way when a write invalidated it', async () => {
    const client = new OrdoQueryClient();
    // The first load asks while the task is deleted; Undo brings it back before the answer comes.
    const list = listOnScreen(client, []);
    await settled();
    list.server.tasks = ['Rake leaves'];
    const refreshed = client.invalidateQueries({ queryKey: ['tasks'] });
    list.answers[0]();
    await settled();
    expect(list.asked()).toBe(2);
    list.answers[1]();
    await refreshed;
    expect(list.observer.getCurrentResult().data).toEqual(['Rake leaves']);
    list.unsubscribe();
  });

  it('is what TanStack Query alone does not do: the stale first answer stays as fresh', async () => {
    const client = new QueryClient();
    const list = listOnScreen(client, []);
    await settled();
    list.server.tasks = ['Rake leaves'];
    const refreshed = client.invalidateQueries({ queryKey: ['tasks'] });
    list.answers[0]();
    await refreshed;
    await settled();
    expect(list.asked()).toBe(1);
    expect(list.observer.getCurrentResult().data).toEqual([]);
    list.unsubscribe();
  });

  it('restarts a reload in flight once, as before, when the query has data', async () => {
    const client = new OrdoQueryClient();
    const list = listOnScreen(client, ['Rake leaves']);
    await settled();
    list.answers[0]();
    await settled();
    expect(list.observer.getCurrentResult().data).toEqual(['Rake leaves']);
    list.server.tasks = ['Rake leaves', 'Sweep'];
    const refreshed = client.invalidateQueries({ queryKey: ['tasks'] });
    await settled();
    expect(list.asked()).toBe(2);
    list.answers[1]();
    await refreshed;
    expect(list.observer.getCurrentResult().data).toEqual(['Rake leaves', 'Sweep']);
    expect(list.asked()).toBe(2);
    list.unsubscribe();
  });

  it('only marks a query in its first load when asked not to refetch, and reads it next time', async () => {
    const client = new OrdoQueryClient();
    const list = listOnScreen(client, []);
    await settled();
    const marked = client.invalidateQueries({ queryKey: ['tasks'], refetchType: 'none' });
    list.answers[0]();
    await marked;
    expect(list.asked()).toBe(1);
    expect(client.getQueryState(['tasks', 'list'])?.isInvalidated).toBe(true);
    list.unsubscribe();
  });
});

import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { invalidateWithFirstLoads } from './first-load-invalidation';

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
      const answer = [...server.tasks];
      return new Promise<string[]>((resolve) => answers.push(() => resolve(answer)));
    },
  });
  const unsubscribe = observer.subscribe(() => {});
  return { server, answers, observer, unsubscribe, asked: () => asked };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('invalidateWithFirstLoads', () => {
  it('reads again a list whose first load was under way when a write invalidated it', async () => {
    const client = new QueryClient();
    // The first load asks while the task is deleted; Undo brings it back before the answer comes.
    const list = listOnScreen(client, []);
    await settled();
    list.server.tasks = ['Rake leaves'];
    const refreshed = invalidateWithFirstLoads(client, { queryKey: ['tasks'] });
    list.answers[0]();
    await refreshed;
    await settled();
    expect(list.asked()).toBe(2);
    list.answers[1]();
    await settled();
    expect(list.observer.getCurrentResult().data).toEqual(['Rake leaves']);
    list.unsubscribe();
  });

  it('is what a plain invalidation does not do: the first answer stays, counted as fresh', async () => {
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

  it('restarts a reload in flight once, as a plain invalidation does, when the query has data', async () => {
    const client = new QueryClient();
    const list = listOnScreen(client, ['Rake leaves']);
    await settled();
    list.answers[0]();
    await settled();
    list.server.tasks = ['Rake leaves', 'Sweep'];
    const refreshed = invalidateWithFirstLoads(client, { queryKey: ['tasks'] });
    await settled();
    list.answers[1]();
    await refreshed;
    await settled();
    expect(list.observer.getCurrentResult().data).toEqual(['Rake leaves', 'Sweep']);
    expect(list.asked()).toBe(2);
    list.unsubscribe();
  });
});

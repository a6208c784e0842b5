import { describe, expect, it } from 'vitest';
import { type NotificationEvents, noNotificationEvents, tellAll } from './events.js';

describe('tellAll', () => {
  it('tells each listener that has the event, in order, and skips those without it', async () => {
    const heard: string[] = [];
    const first: Partial<NotificationEvents> = {
      taskCreated: async (doer, task) => {
        heard.push(`first created ${doer}/${task}`);
      },
    };
    const second: Partial<NotificationEvents> = {
      taskCreated: async () => {
        heard.push('second created');
      },
      taskUpdated: async () => {
        heard.push('second updated');
      },
    };
    const events = tellAll(first, second);
    await events.taskCreated(1, 2);
    await events.taskUpdated(1, 2);
    await events.projectUpdated(1, 3);
    expect(heard).toEqual(['first created 1/2', 'second created', 'second updated']);
  });

  it('reads every listener before a delete and sends in the same order afterwards', async () => {
    const steps: string[] = [];
    const listener = (name: string): Partial<NotificationEvents> => ({
      beforeProjectDeleted: async () => {
        steps.push(`${name} read`);
        return async () => {
          steps.push(`${name} sent`);
        };
      },
    });
    const send = await tellAll(listener('a'), {}, listener('b')).beforeProjectDeleted(1, 5);
    steps.push('deleted');
    await send();
    expect(steps).toEqual(['a read', 'b read', 'deleted', 'a sent', 'b sent']);
  });

  it('has every event of the interface, like the silent default', () => {
    expect(Object.keys(tellAll()).sort()).toEqual(Object.keys(noNotificationEvents).sort());
  });
});

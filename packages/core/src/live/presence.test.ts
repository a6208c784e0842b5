import { describe, expect, it } from 'vitest';
import { isPresencePlace, presencePlace, readPresencePush } from './presence.js';

describe('presence places', () => {
  it('are a task or a view with a positive id', () => {
    expect(isPresencePlace(presencePlace.task(12))).toBe(true);
    expect(isPresencePlace(presencePlace.view(3))).toBe(true);
    for (const bad of [
      'task:0',
      'task:-1',
      'view:',
      'project:1',
      'task:1 ',
      'task:01',
      12,
      null,
      'task:12345678901',
    ])
      expect(isPresencePlace(bad)).toBe(false);
  });
});

describe('a presence push', () => {
  it('is read when it names a project, a place and a user list', () => {
    const push = { event: 'project.presence', data: { project_id: 5, place: 'task:12', users: [] } };
    expect(readPresencePush(JSON.stringify(push))).toEqual(push);
  });

  it('is null for anything else', () => {
    for (const text of [
      'nope',
      '{"event":"task.created","data":{"project_id":5}}',
      '{"event":"project.presence","data":{"project_id":5,"place":"board","users":[]}}',
      '{"event":"project.presence","data":{"project_id":5,"place":"task:1"}}',
    ])
      expect(readPresencePush(text)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { isLiveEvent, LIVE_EVENTS, liveAnswers, readLiveClientFrame, readLivePush } from './protocol.js';

describe('live events', () => {
  it('knows notification.created and the time-tracking timer events, nothing else', () => {
    expect([...LIVE_EVENTS]).toEqual([
      'notification.created',
      'timer.created',
      'timer.updated',
      'timer.deleted',
    ]);
    for (const event of LIVE_EVENTS) expect(isLiveEvent(event)).toBe(true);
    for (const other of ['task.updated', 'notification', '', 'NOTIFICATION.CREATED', 42, null]) {
      expect(isLiveEvent(other)).toBe(false);
    }
  });
});

describe('client frames', () => {
  it('reads auth, subscribe and unsubscribe', () => {
    expect(readLiveClientFrame('{"action":"auth","token":"abc"}')).toEqual({ action: 'auth', token: 'abc' });
    expect(readLiveClientFrame('{"action":"subscribe","event":"notification.created"}')).toEqual({
      action: 'subscribe',
      event: 'notification.created',
    });
    expect(readLiveClientFrame('{"action":"unsubscribe","event":"x"}')).toEqual({
      action: 'unsubscribe',
      event: 'x',
    });
  });

  it('reads a missing or non-text token or event as an empty one', () => {
    expect(readLiveClientFrame('{"action":"auth"}')).toEqual({ action: 'auth', token: '' });
    expect(readLiveClientFrame('{"action":"auth","token":5}')).toEqual({ action: 'auth', token: '' });
    expect(readLiveClientFrame('{"action":"subscribe"}')).toEqual({ action: 'subscribe', event: '' });
  });

  it('ignores invalid JSON, non-objects and unknown actions', () => {
    for (const text of ['', 'not json', '{', '[]', 'null', '"auth"', '42', '{"action":"dance"}', '{}']) {
      expect(readLiveClientFrame(text), text).toBeNull();
    }
  });
});

describe('server answers and pushes', () => {
  it('words the answers as Vikunja does', () => {
    expect(JSON.stringify(liveAnswers.authSuccess)).toBe('{"action":"auth.success","success":true}');
    expect(JSON.stringify(liveAnswers.invalidEvent('x.y'))).toBe('{"error":"invalid_event","event":"x.y"}');
  });

  it('reads pushes of known events only', () => {
    expect(readLivePush('{"event":"notification.created","data":{"id":1}}')).toEqual({
      event: 'notification.created',
      data: { id: 1 },
    });
    expect(readLivePush('{"action":"auth.success","success":true}')).toBeNull();
    expect(readLivePush('{"event":"task.updated","data":{}}')).toBeNull();
    expect(readLivePush('{"event":"notification.created"}')).toBeNull();
    expect(readLivePush('nope')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { isWebhookEvent, isWebhookTarget, PROJECT_WEBHOOK_EVENTS, USER_WEBHOOK_EVENTS } from './events.js';

describe('webhook events', () => {
  it('lists project events sorted and without duplicates, as GET /webhooks/events answers', () => {
    expect([...PROJECT_WEBHOOK_EVENTS]).toEqual([...new Set(PROJECT_WEBHOOK_EVENTS)].sort());
  });

  it('offers user webhooks only user-directed events, which project webhooks may name too', () => {
    for (const event of USER_WEBHOOK_EVENTS) {
      expect(isWebhookEvent(event, 'user')).toBe(true);
      expect(isWebhookEvent(event, 'project')).toBe(true);
    }
    // Vikunja's GET /user/settings/webhooks/events (reference §2.13, §3.12).
    expect([...USER_WEBHOOK_EVENTS]).toEqual(['task.overdue', 'task.reminder.fired', 'tasks.overdue']);
    expect(isWebhookEvent('task.created', 'user')).toBe(false);
    expect(isWebhookEvent('task.created', 'project')).toBe(true);
    expect(isWebhookEvent('task.exploded', 'project')).toBe(false);
    expect(isWebhookEvent('', 'project')).toBe(false);
  });
});

describe('webhook targets', () => {
  it('accepts absolute http and https addresses', () => {
    expect(isWebhookTarget('https://example.com/hook')).toBe(true);
    expect(isWebhookTarget('http://127.0.0.1:8080/x?y=1')).toBe(true);
    expect(isWebhookTarget('  https://example.com  ')).toBe(true);
  });

  it('refuses other schemes, relative paths and text that is no address', () => {
    for (const url of [
      '',
      'example.com',
      '/hook',
      'ftp://example.com',
      'file:///etc/passwd',
      'httpx://a',
      'javascript:alert(1)',
      'http://',
    ]) {
      expect(isWebhookTarget(url), url).toBe(false);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { createTestApp } from './support/test-app.js';

describe('stopping the server', () => {
  it('answers the requests already being handled before it closes the database', async () => {
    const t = await createTestApp();
    let closed = false;
    try {
      const user = await t.signUp('closing');
      const project = (
        await t.request('PUT', '/api/v1/projects', { token: user.token, body: { title: 'Busy' } })
      ).json();
      for (let i = 0; i < 5; i++) {
        await t.request('PUT', `/api/v1/projects/${project.id}/tasks`, {
          token: user.token,
          body: { title: `task ${i}` },
        });
      }
      // Requests under way when the close begins: each reads the database several times.
      const pending = Array.from({ length: 20 }, () =>
        t.request('GET', `/api/v1/projects/${project.id}/tasks`, { token: user.token }),
      );
      await t.app.close();
      closed = true;
      const answers = await Promise.all(pending);
      expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
      expect(answers.map((a) => a.json().length)).toEqual(answers.map(() => 5));
    } finally {
      if (!closed) await t.app.close();
      await t.close().catch(() => {});
    }
  });
});

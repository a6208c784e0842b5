/**
 * Text matching ignores case for every letter, not only ASCII, on SQLite as on PostgreSQL: the
 * filter operator `like` (`ärger` and `ÄRGER` find "Ärger im Büro", in task columns and in custom
 * text fields) and the searches of lists (`s`: projects, labels, saved filters).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app.js';

describe('filter like with non-ASCII letters', () => {
  let t: TestApp;
  let token: string;
  let project: number;
  let notes: number;

  beforeAll(async () => {
    t = await createTestApp();
    token = (await t.signUp('umlauts')).token;
    project = (await t.request('PUT', '/api/v1/projects', { token, body: { title: 'Büro' } })).json().id;
    const field = await t.request('PUT', `/api/v1/projects/${project}/fields`, {
      token,
      body: { title: 'Notes', kind: 'text' },
    });
    expect(field.statusCode, field.body).toBe(201);
    notes = field.json().id;
    for (const [title, note] of [
      ['Ärger im Büro', 'GRÜN'],
      ['Other', 'blau'],
    ]) {
      const res = await t.request('PUT', `/api/v1/projects/${project}/tasks`, {
        token,
        body: { title, custom_fields: { [notes]: note } },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
  });
  afterAll(async () => t.close());

  const titles = async (filter: string) => {
    const res = await t.request(
      'GET',
      `/api/v1/projects/${project}/tasks?filter=${encodeURIComponent(filter)}`,
      {
        token,
      },
    );
    expect([filter, res.statusCode]).toEqual([filter, 200]);
    return (res.json() as { title: string }[]).map((task) => task.title).sort();
  };

  it('matches title letters of either case', async () => {
    expect(await titles('title like ärger')).toEqual(['Ärger im Büro']);
    expect(await titles('title like ÄRGER')).toEqual(['Ärger im Büro']);
    expect(await titles("title like 'IM BÜRO'")).toEqual(['Ärger im Büro']);
    // The pattern's own wildcards still work around the folded letters.
    expect(await titles('title like %b_RO')).toEqual(['Ärger im Büro']);
    expect(await titles('title like OTHER')).toEqual(['Other']);
  });

  it('matches custom text fields of either case', async () => {
    expect(await titles('Notes like grün')).toEqual(['Ärger im Büro']);
  });

  it('finds projects, labels and saved filters by letters of either case', async () => {
    const label = await t.request('PUT', '/api/v1/labels', { token, body: { title: 'Überfällig' } });
    expect(label.statusCode, label.body).toBe(201);
    const saved = await t.request('PUT', '/api/v1/filters', {
      token,
      body: { title: 'Ärger', filters: { filter: 'done = false' } },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const found = async (path: string, s: string) => {
      const res = await t.request('GET', `${path}?s=${encodeURIComponent(s)}`, { token });
      expect([path, s, res.statusCode]).toEqual([path, s, 200]);
      return (res.json() as { title: string }[]).map((item) => item.title);
    };
    expect(await found('/api/v1/projects', 'bÜRO')).toEqual(['Büro']);
    expect(await found('/api/v1/labels', 'überf')).toEqual(['Überfällig']);
    expect(await found('/api/v1/projects', 'ärger')).toEqual(['Ärger']);
  });
});

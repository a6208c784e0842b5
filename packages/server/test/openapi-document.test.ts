import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationIdOf } from '../src/http/openapi-document.js';
import { createTestApp, type TestApp } from './support/test-app.js';

type Operation = { operationId?: string; tags?: string[] };

describe('the OpenAPI document', () => {
  let t: TestApp;
  let doc: {
    servers: { url: string }[];
    tags: { name: string }[];
    paths: Record<string, Record<string, Operation>>;
  };
  const operations = () =>
    Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ path, method, operation })),
    );
  beforeAll(async () => {
    t = await createTestApp({ ORDO_PUBLIC_URL: 'https://tasks.example.com/ordo/' });
    doc = (await t.request('GET', '/api/v1/docs.json')).json();
  });
  afterAll(async () => t.close());

  it('names the public URL with /api/v1 as its server, and paths relative to it', () => {
    expect(doc.servers).toEqual([{ url: 'https://tasks.example.com/ordo/api/v1' }]);
    expect(Object.keys(doc.paths)).toContain('/login');
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/api/'))).toEqual([]);
  });

  it('gives every operation a unique operationId', () => {
    const all = operations();
    expect(all.length).toBeGreaterThan(100);
    const ids = all.map(({ operation }) => operation.operationId);
    for (const { path, method, operation } of all) {
      expect(operation.operationId, `${method} ${path}`).toMatch(/^[a-z]+[A-Za-z0-9]*$/);
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/projects/{id}/tasks'].put.operationId).toBe('putProjectsByIdTasks');
  });

  it("documents Ordo's bulk fields and the bulk delete", () => {
    const bulk = doc.paths['/tasks/bulk'].post as {
      requestBody: { content: Record<string, { schema: unknown }> };
    };
    const body = JSON.stringify(bulk.requestBody.content['application/json'].schema);
    for (const field of ['add_label_ids', 'remove_label_ids', 'add_assignee_ids', 'remove_assignee_ids'])
      expect(body).toContain(`"${field}"`);
    expect(body).toContain('Ordo only');
    expect(doc.paths['/tasks/bulk/delete'].post.operationId).toBe('postTasksBulkDelete');
  });

  it('gives every operation a tag listed at the top of the document', () => {
    const listed = doc.tags.map((tag) => tag.name);
    for (const { path, method, operation } of operations()) {
      expect(operation.tags?.length, `${method} ${path}`).toBeGreaterThan(0);
      for (const tag of operation.tags ?? []) expect(listed, `${method} ${path}`).toContain(tag);
    }
  });

  it('keeps the character-length rule as an extension rather than an unknown keyword', async () => {
    const text = (await t.request('GET', '/api/v1/docs.json')).body;
    expect(text).not.toContain('"minRunes"');
    expect(text).toContain('"x-minRunes"');
  });
});

describe('operationIdOf', () => {
  it('joins the method and the path segments, parameters as "By" names', () => {
    expect(operationIdOf('get', '/projects/{id}/views/{view}/tasks')).toBe('getProjectsByIdViewsByViewTasks');
    expect(operationIdOf('post', '/user/settings/token/caldav')).toBe('postUserSettingsTokenCaldav');
    expect(operationIdOf('put', '/link-shares/{share}')).toBe('putLinkSharesByShare');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startOidcProvider, type TestOidcProvider } from './support/oidc-provider.js';
import { createTestApp, type TestApp } from './support/test-app.js';

describe('GET /info with the defaults', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('answers every field the client reads, without a token', async () => {
    const res = await t.request('GET', '/api/v1/info');
    expect(res.statusCode).toBe(200);
    const info = res.json();
    expect(info).toMatchObject({
      frontend_url: 'http://localhost:3456/',
      motd: '',
      link_sharing_enabled: true,
      max_file_size: '20MB',
      max_items_per_page: 50,
      task_attachments_enabled: true,
      totp_enabled: true,
      legal: { imprint_url: '', privacy_policy_url: '' },
      caldav_enabled: true,
      auth: {
        local: { enabled: true, registration_enabled: true },
        ldap: { enabled: false },
        openid_connect: { enabled: false, providers: null },
      },
      user_deletion_enabled: true,
      webhooks_enabled: true,
      email_reminders_enabled: false,
      task_comments_enabled: true,
      demo_mode_enabled: false,
      public_teams_enabled: false,
      allow_icon_changes: true,
    });
    expect(info.version).toMatch(/\d+\.\d+\.\d+/);
    expect(Array.isArray(info.available_migrators)).toBe(true);
    expect(info.enabled_background_providers).toEqual(['upload']);
  });
});

describe('GET /info filled from the configuration', () => {
  let t: TestApp;
  let oidc: TestOidcProvider;
  beforeAll(async () => {
    // A real provider to discover, and one that is down (nothing listens on port 9).
    oidc = await startOidcProvider({ redirectUris: ['https://tasks.example.com/auth/openid/keycloak'] });
    const providers = [
      {
        key: 'keycloak',
        name: 'Company login',
        authUrl: oidc.issuer,
        clientId: 'ordo',
        clientSecret: oidc.clientSecret,
        scope: 'openid email',
        logoutUrl: 'https://sso.example.com/logout',
      },
      { key: 'gitlab', name: 'GitLab', authUrl: 'http://127.0.0.1:9', clientId: 'abc' },
    ];
    t = await createTestApp({
      ORDO_MOTD: 'Maintenance on Sunday',
      ORDO_REGISTRATION: 'false',
      ORDO_DEMO_MODE: 'true',
      ORDO_IMPRINT_URL: 'https://example.com/imprint',
      ORDO_PRIVACY_POLICY_URL: 'https://example.com/privacy',
      ORDO_MAX_FILE_SIZE: '5MB',
      ORDO_PUBLIC_URL: 'https://tasks.example.com',
      ORDO_OPENID_PROVIDERS: JSON.stringify(providers),
    });
  });
  afterAll(async () => {
    await t.close();
    await oidc.close();
  });

  it('publishes the message of the day, demo mode, legal links, size and providers', async () => {
    const info = (await t.request('GET', '/api/v1/info')).json();
    expect(info.motd).toBe('Maintenance on Sunday');
    expect(info.demo_mode_enabled).toBe(true);
    expect(info.legal).toEqual({
      imprint_url: 'https://example.com/imprint',
      privacy_policy_url: 'https://example.com/privacy',
    });
    expect(info.max_file_size).toBe('5MB');
    expect(info.frontend_url).toBe('https://tasks.example.com/');
    expect(info.auth.local).toEqual({ enabled: true, registration_enabled: false });
    expect(info.auth.openid_connect.enabled).toBe(true);
    expect(info.auth.openid_connect.redirect_url).toBe('https://tasks.example.com/auth/openid/');
    // auth_url is the authorization endpoint the discovery document names; the provider that
    // cannot be discovered is left out.
    expect(info.auth.openid_connect.providers).toEqual([
      {
        key: 'keycloak',
        name: 'Company login',
        auth_url: `${oidc.issuer}/auth`,
        client_id: 'ordo',
        scope: 'openid email',
        logout_url: 'https://sso.example.com/logout',
      },
    ]);
    expect(JSON.stringify(info)).not.toContain('secret');
    expect(JSON.stringify(info)).not.toContain(oidc.clientSecret);
  });

  it('answers 404 on /register while registration is off', async () => {
    const res = await t.request('POST', '/api/v1/register', {
      body: { username: 'someone', email: 'someone@example.com', password: 'sturdy-lamp-81' },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Not Found');
  });
});

describe('API documentation and health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('serves an OpenAPI document listing the routes, without a token', async () => {
    const res = await t.request('GET', '/api/v1/docs.json');
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of ['/login', '/register', '/user', '/user/settings/general', '/info']) {
      expect(Object.keys(doc.paths), path).toContain(path);
    }
    expect(doc.paths['/login'].post).toBeDefined();
    expect(doc.paths['/user/password'].post).toBeDefined();
    expect(doc.paths['/projects/{id}/tasks/by-index/{index}'].get.summary).toMatch(/index/);
  });

  it("describes the API's objects as component schemas, the task with its fields in wire order", async () => {
    const doc = (await t.request('GET', '/api/v1/docs.json')).json();
    const task = doc.components.schemas.Task;
    expect(task.type).toBe('object');
    expect(Object.keys(task.properties).slice(0, 6)).toEqual([
      'id',
      'title',
      'description',
      'done',
      'done_at',
      'due_date',
    ]);
    expect(task.properties).toMatchObject({
      percent_done: { type: 'number' },
      related_tasks: { type: 'object' },
      created_by: { type: 'object', nullable: true, properties: { username: { type: 'string' } } },
    });
    expect(task.required).toContain('cover_image_attachment_id');
    expect(task.required).not.toContain('subscription');
    for (const name of [
      'Project',
      'ProjectView',
      'Bucket',
      'Label',
      'Comment',
      'User',
      'Webhook',
      'ApiToken',
      'Notification',
      'ProjectUserShare',
      'ProjectTeamShare',
      'SharedUser',
      'SharedTeam',
    ]) {
      expect(doc.components.schemas[name]?.type, name).toBe('object');
    }
  });

  it('serves the documentation page as HTML', async () => {
    let res = await t.request('GET', '/api/v1/docs');
    for (let hops = 0; hops < 3 && res.statusCode >= 300 && res.statusCode < 400; hops++) {
      res = await t.request(
        'GET',
        new URL(String(res.headers.location), 'http://localhost/api/v1/docs').pathname,
      );
    }
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body.toLowerCase()).toContain('<html');
  });

  it('answers /health with plain OK', async () => {
    const res = await t.request('GET', '/health');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('OK');
    expect(res.headers['content-type']).toContain('text/plain');
  });

  it('marks API responses as not cacheable, errors included', async () => {
    for (const url of ['/api/v1/info', '/api/v1/user', '/api/v1/nope']) {
      const res = await t.request('GET', url);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
  });

  it('lets the public address read the pagination and right headers', async () => {
    const res = await t.request('GET', '/api/v1/info', { headers: { origin: 'http://localhost:3456' } });
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:3456');
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    const exposed = String(res.headers['access-control-expose-headers']).toLowerCase();
    for (const h of [
      'x-pagination-total-pages',
      'x-pagination-result-count',
      'x-max-right',
      'x-max-permission',
    ]) {
      expect(exposed).toContain(h);
    }
    const foreign = await t.request('GET', '/api/v1/info', {
      headers: { origin: 'https://evil.example.com' },
    });
    expect(foreign.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers CORS preflights for authenticated routes without a token', async () => {
    const res = await t.request('OPTIONS', '/api/v1/user', {
      headers: {
        origin: 'http://localhost:3456',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(res.statusCode).toBeLessThan(300);
    expect(res.headers['access-control-allow-origin']).toBe('http://localhost:3456');
    expect(String(res.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
  });
});

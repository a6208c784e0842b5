/**
 * Webhooks and internal addresses: targets on this host, private networks or the metadata
 * service are refused (400, 30030) unless the operator allows them (ORDO_WEBHOOKS_ALLOW_INTERNAL),
 * names are resolved when a webhook is created and again when each payload is sent, so a name
 * that turns internal after creation (DNS rebinding) reaches nothing. Names resolve through a
 * resolver the test controls; deliveries go to a real receiver on 127.0.0.1.
 */
import type { LookupAddress } from 'node:dns';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { createTestApp, type TestApp } from './support/test-app.js';
import { startWebhookReceiver, type WebhookReceiver } from './support/webhook-receiver.js';

/** The test's DNS: each name's current addresses (others do not resolve), and the names asked. */
function fakeDns(t: TestApp): Map<string, string[]> & { asked: string[] } {
  const names = Object.assign(new Map<string, string[]>(), { asked: [] as string[] });
  t.app.ordo.webhookTargets.useLookup(async (hostname): Promise<LookupAddress[]> => {
    names.asked.push(hostname);
    const addresses = names.get(hostname.toLowerCase());
    if (!addresses)
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  });
  return names;
}

interface Warning {
  details: Record<string, unknown>;
  message: string;
}

/** The server's log at level warn, kept as the delivery warnings it holds (pino's fields left out). */
function deliveryWarningLog(): { logger: Record<string, unknown>; warnings: Warning[] } {
  const warnings: Warning[] = [];
  const write = (line: string) => {
    const { level, time, pid, hostname, msg, ...details } = JSON.parse(line);
    if (String(msg).startsWith('A webhook could not be delivered')) warnings.push({ details, message: msg });
  };
  return { logger: { level: 'warn', stream: { write } }, warnings };
}

const deliveryLog = deliveryWarningLog();

/** The delivery warnings logged from now on. */
function collectWarnings(): Warning[] {
  deliveryLog.warnings.length = 0;
  return deliveryLog.warnings;
}

/** Waits until the refused delivery has been logged (it runs in the background), then settles. */
async function refusalLogged(t: TestApp, warnings: Warning[]): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (warnings.length === 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  await t.app.ordo.webhookDeliveries.settled(5_000);
}

async function ownerWithProject(t: TestApp, name: string) {
  const owner = await t.signUp(name);
  const project = await t.request('PUT', '/api/v1/projects', { token: owner.token, body: { title: name } });
  expect(project.statusCode, project.body).toBe(201);
  return { token: owner.token, projectId: project.json().id as number };
}

function addHook(t: TestApp, token: string, projectId: number, targetUrl: string, events = ['task.created']) {
  return t.request('PUT', `/api/v1/projects/${projectId}/webhooks`, {
    token,
    body: { target_url: targetUrl, events },
  });
}

async function addTask(t: TestApp, token: string, projectId: number, title: string) {
  const res = await t.request('PUT', `/api/v1/projects/${projectId}/tasks`, { token, body: { title } });
  expect(res.statusCode, res.body).toBe(201);
}

const INTERNAL_TARGETS = [
  'http://127.0.0.1/hook',
  'http://127.0.0.1:5432/',
  'http://127.8.9.10:8080/',
  'http://[::1]/hook',
  'http://[0:0:0:0:0:0:0:1]:3456/',
  'http://169.254.169.254/latest/meta-data/',
  'http://[fe80::1]/',
  'http://0.0.0.0:3456/',
  'http://[::]/',
  'http://10.0.0.1/',
  'http://172.16.5.4/',
  'http://192.168.1.1/',
  'http://[fd00::1]/',
  'http://100.64.0.1/',
  'http://224.0.0.1/',
  'http://[ff02::1]/',
  'http://255.255.255.255/',
  'http://240.0.0.1/',
  'http://[::ffff:127.0.0.1]/',
  'http://[::ffff:169.254.169.254]/',
  'http://[64:ff9b::127.0.0.1]/',
  'http://2130706433/',
  'http://0177.0.0.1/',
  'http://127.1/',
  'http://0x7f.1/',
  'http://0xa9.0xfe.0xa9.0xfe/',
  'http://localhost:3456/',
  'http://LOCALHOST./',
  'http://api.localhost/',
  'https://user:secret@127.0.0.1/',
];

describe('by default', () => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  let dns: ReturnType<typeof fakeDns>;
  let owner: { token: string; projectId: number };

  beforeAll(async () => {
    t = await createTestApp({}, { build: { logger: deliveryLog.logger } });
    receiver = await startWebhookReceiver();
    dns = fakeDns(t);
    owner = await ownerWithProject(t, 'whtdefault');
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('refuses internal addresses of every kind and spelling with 400 (30030)', async () => {
    for (const target of INTERNAL_TARGETS) {
      const res = await addHook(t, owner.token, owner.projectId, target);
      expect(res.statusCode, target).toBe(400);
      expect(res.json().code, target).toBe(30030);
      expect(res.json().message, target).toMatch(/^The webhook target .+ is an internal address/);
    }
    const user = await t.request('PUT', '/api/v1/user/settings/webhooks', {
      token: owner.token,
      body: { target_url: 'http://169.254.169.254/', events: ['task.reminder.fired'] },
    });
    expect(user.statusCode).toBe(400);
    expect(user.json().code).toBe(30030);
    const list = await t.request('GET', `/api/v1/projects/${owner.projectId}/webhooks`, {
      token: owner.token,
    });
    expect(list.json()).toEqual([]);
  });

  it('answers 412 for a target the URL parser cannot read, as for any bad target', async () => {
    const res = await addHook(t, owner.token, owner.projectId, 'http://example.com:99999/');
    expect(res.statusCode).toBe(412);
    expect(res.json()).toEqual({ code: 2002, message: 'Invalid Data', invalid_fields: ['target_url'] });
  });

  it('refuses the test receiver on 127.0.0.1 that the other webhook tests allow', async () => {
    const res = await addHook(t, owner.token, owner.projectId, `${receiver.url}/hook`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 30030,
      message:
        'The webhook target 127.0.0.1 is an internal address (this server or a private network), which webhooks may not reach.',
    });
  });

  it('refuses a name that resolves only to internal addresses, and accepts public or unknown ones', async () => {
    dns.set('inside.test', ['127.0.0.1']);
    dns.set('metadata.test', ['169.254.169.254', 'fd00::254']);
    dns.set('v6-loopback.test', ['::1']);
    dns.set('public.test', ['93.184.216.34']);
    dns.set('mixed.test', ['10.0.0.7', '2606:2800:220:1:248:1893:25c8:1946']);
    for (const name of ['inside.test', 'metadata.test', 'v6-loopback.test', 'INSIDE.test']) {
      const res = await addHook(t, owner.token, owner.projectId, `https://${name}/hook`);
      expect(res.statusCode, name).toBe(400);
      expect(res.json().code, name).toBe(30030);
    }
    for (const name of ['public.test', 'mixed.test', 'not-yet-there.test']) {
      const res = await addHook(t, owner.token, owner.projectId, `https://${name}/hook`);
      expect(res.statusCode, `${name}: ${res.body}`).toBe(201);
    }
  });

  it('refuses changing the events of a webhook whose name now resolves inside', async () => {
    dns.set('moving.test', ['93.184.216.34']);
    const made = await addHook(t, owner.token, owner.projectId, 'https://moving.test/');
    expect(made.statusCode).toBe(201);
    dns.set('moving.test', ['192.168.0.10']);
    const res = await t.request('POST', `/api/v1/projects/${owner.projectId}/webhooks/${made.json().id}`, {
      token: owner.token,
      body: { events: ['task.updated'] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(30030);
  });

  it('sends nothing to a name that resolved public at creation and internal at delivery', async () => {
    const warnings = collectWarnings();
    const { token, projectId } = await ownerWithProject(t, 'whtrebind');
    const port = new URL(receiver.url).port;
    dns.set('rebind.test', ['93.184.216.34']);
    const made = await addHook(t, token, projectId, `http://rebind.test:${port}/rebound`);
    expect(made.statusCode, made.body).toBe(201);
    // The name now points at this host, where the receiver listens.
    dns.set('rebind.test', ['127.0.0.1', '::1']);
    dns.asked.length = 0;
    const from = receiver.received.length;
    await addTask(t, token, projectId, 'Rebound');
    await refusalLogged(t, warnings);
    expect(receiver.received.slice(from)).toEqual([]);
    // Logged as a failed delivery after one look-up: an internal address is not tried again.
    expect(warnings).toEqual([
      {
        details: {
          webhook: made.json().id,
          event: 'task.created',
          target: `http://rebind.test:${port}/rebound`,
          // The delivery started during the request that created the task: its log line says which.
          reqId: expect.any(String),
        },
        message: expect.stringMatching(
          /^A webhook could not be delivered: InternalTargetError: rebind\.test/,
        ),
      },
    ]);
    expect(dns.asked).toEqual(['rebind.test']);
  });

  it('sends nothing to an internal address stored before the rule', async () => {
    const warnings = collectWarnings();
    const { token, projectId } = await ownerWithProject(t, 'whtstored');
    const now = new Date().toISOString();
    await t.app.ordo.db.kysely
      .insertInto('webhooks')
      .values({
        project_id: projectId,
        user_id: null,
        target_url: `${receiver.url.replace('127.0.0.1', 'hook:pa55@127.1')}/stored`,
        events: JSON.stringify(['task.created']),
        secret: '',
        basic_auth_user: '',
        basic_auth_password: '',
        created_by_id: (await t.request('GET', '/api/v1/user', { token })).json().id,
        created: now,
        updated: now,
      })
      .execute();
    const from = receiver.received.length;
    await addTask(t, token, projectId, 'Stored');
    await refusalLogged(t, warnings);
    expect(receiver.received.slice(from)).toEqual([]);
    expect(warnings.map((w) => w.message)).toEqual([
      expect.stringContaining('InternalTargetError: 127.0.0.1 is an internal address'),
    ]);
    // The log names the target without its password.
    expect(warnings[0].details.target).toBe(
      `${receiver.url.replace('127.0.0.1', 'hook:***@127.0.0.1')}/stored`,
    );
  });
});

describe('with internal addresses allowed by the operator', () => {
  it('accepts every internal target with true', async () => {
    const t = await createTestApp({ ORDO_WEBHOOKS_ALLOW_INTERNAL: 'true' });
    try {
      const owner = await ownerWithProject(t, 'whtall');
      for (const target of INTERNAL_TARGETS) {
        const res = await addHook(t, owner.token, owner.projectId, target);
        expect(res.statusCode, `${target}: ${res.body}`).toBe(201);
      }
    } finally {
      await t.close();
    }
  });

  describe('listed hosts and ranges', () => {
    let t: TestApp;
    let receiver: WebhookReceiver;
    let dns: ReturnType<typeof fakeDns>;
    let owner: { token: string; projectId: number };

    beforeAll(async () => {
      t = await createTestApp({ ORDO_WEBHOOKS_ALLOW_INTERNAL: 'hooks.test, 10.20.0.0/16, [fd00::]/8' });
      receiver = await startWebhookReceiver();
      dns = fakeDns(t);
      owner = await ownerWithProject(t, 'whtlisted');
    });
    afterAll(async () => {
      await t.close();
      await receiver.close();
    });

    it('accepts what is listed and still refuses the rest', async () => {
      for (const target of ['http://10.20.30.40/', 'http://[fd00::5]/', 'http://[::ffff:10.20.0.1]/']) {
        expect((await addHook(t, owner.token, owner.projectId, target)).statusCode, target).toBe(201);
      }
      for (const target of ['http://10.21.0.1/', 'http://127.0.0.1/', 'http://169.254.169.254/']) {
        expect((await addHook(t, owner.token, owner.projectId, target)).statusCode, target).toBe(400);
      }
    });

    it('delivers to a listed name on this host, looked up when connecting', async () => {
      dns.set('hooks.test', ['127.0.0.1']);
      dns.set('other.test', ['127.0.0.1']);
      const port = new URL(receiver.url).port;
      expect((await addHook(t, owner.token, owner.projectId, `http://other.test:${port}/`)).statusCode).toBe(
        400,
      );
      const made = await addHook(t, owner.token, owner.projectId, `http://hooks.test:${port}/listed`);
      expect(made.statusCode, made.body).toBe(201);
      const from = receiver.received.length;
      await addTask(t, owner.token, owner.projectId, 'Allowed');
      const got = await receiver.next('task.created', from);
      expect(got.path).toBe('/listed');
      expect(got.headers.host).toBe(`hooks.test:${port}`);
    });
  });
});

describe('configuration', () => {
  it('refuses a setting it cannot read', () => {
    const env = { ORDO_JWT_SECRET: 'test-secret-test-secret-test-secret', ORDO_DATA_DIR: tmpdir() };
    expect(() => loadConfig({ ...env, ORDO_WEBHOOKS_ALLOW_INTERNAL: 'hooks.test, 10.0.0.0/40' })).toThrow(
      /ORDO_WEBHOOKS_ALLOW_INTERNAL .*"10\.0\.0\.0\/40"/,
    );
    expect(loadConfig(env).webhooksAllowInternal).toEqual({ all: false, hosts: [], ranges: [] });
  });
});

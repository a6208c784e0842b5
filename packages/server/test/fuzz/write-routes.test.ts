/**
 * Every write route of the API (PUT, POST, DELETE, PATCH under /api/v1, as the OpenAPI document
 * lists them, so a new route is fuzzed without touching this file) takes generated requests: real,
 * foreign and made-up ids, typed and mistyped bodies, malformed JSON, wrong content types. None
 * may answer 5xx, and the server keeps answering. The seed is fixed; ORDO_FUZZ_RUNS scales it.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FUZZ_RUNS, fuzzParameters, fuzzTimeout } from '../support/fuzz/budget.js';
import { describeRequest, requestsFor, send, writeRoutes } from '../support/fuzz/requests.js';
import { buildWorld, keepSession, refurnish, type World } from '../support/fuzz/world.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

// The route list comes from the app itself, so it is read before the tests are declared.
const listing = await createTestApp();
const routes = writeRoutes((await listing.request('GET', '/api/v1/docs.json')).json());
await listing.close();

describe('fuzzing every write route', () => {
  let t: TestApp;
  let world: World;
  beforeAll(async () => {
    t = await createTestApp();
    world = await buildWorld(t);
  });
  afterAll(async () => t?.close());

  it('finds the write routes in the OpenAPI document', () => {
    expect(routes.length).toBeGreaterThan(90);
    expect(routes).toContainEqual(expect.objectContaining({ method: 'POST', path: '/api/v1/tasks/{id}' }));
  });

  it.each(routes.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s answers below 500',
    async (_name, route) => {
      await refurnish(t, world);
      await fc.assert(
        fc.asyncProperty(requestsFor(world, route), async (request) => {
          const res = await send(t.app, world, request);
          if (res.statusCode >= 500)
            throw new Error(`${res.statusCode} for ${describeRequest(request)}: ${res.body.slice(0, 300)}`);
          const info = await t.request('GET', '/api/v1/info');
          expect(info.statusCode, 'GET /api/v1/info after the request').toBe(200);
          await keepSession(t, world);
        }),
        fuzzParameters(),
      );
    },
    fuzzTimeout(250, FUZZ_RUNS),
  );
});

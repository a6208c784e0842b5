/**
 * Requests for one API route as its OpenAPI description (GET /api/v1/docs.json) gives it: path
 * parameters from the world's ids, a body from the route's schema with typed, mistyped and
 * missing fields, raw and malformed bodies, wrong content types and stray query strings.
 */

import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { filterString } from './filter-strings.js';
import { anyJson, colour, date, integer, text } from './values.js';
import { idOf, type Kind, type World } from './world.js';

export interface FuzzRequest {
  method: 'PUT' | 'POST' | 'DELETE' | 'PATCH' | 'GET';
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

// biome-ignore lint/suspicious/noExplicitAny: an OpenAPI schema object as @fastify/swagger writes it.
export type Schema = any;

export interface Route {
  method: FuzzRequest['method'];
  /** The OpenAPI path, with `{param}` placeholders. */
  path: string;
  bodySchema?: Schema;
}

/** Every write route (PUT, POST, DELETE, PATCH) of the OpenAPI document, whose paths are under /api/v1. */
export function writeRoutes(docs: { paths: Record<string, Record<string, Schema>> }): Route[] {
  const routes: Route[] = [];
  for (const [path, operations] of Object.entries(docs.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      if (!['put', 'post', 'delete', 'patch'].includes(method)) continue;
      routes.push({
        method: method.toUpperCase() as Route['method'],
        path: `/api/v1${path}`,
        bodySchema: operation.requestBody?.content?.['application/json']?.schema,
      });
    }
  }
  return routes;
}

const kindOfParam: Record<string, Kind> = {
  project: 'project',
  view: 'view',
  bucket: 'bucket',
  username: 'username',
  team: 'team',
  share: 'share',
  hash: 'hash',
  label: 'label',
  user: 'user',
  other: 'task',
  comment: 'comment',
  webhook: 'webhook',
  token: 'token',
  attachment: 'attachment',
};

const kindOfCollection: Record<string, Kind> = {
  projects: 'project',
  tasks: 'task',
  teams: 'team',
  labels: 'label',
  filters: 'filter',
  notifications: 'notification',
  caldav: 'caldav',
  comments: 'comment',
};

function paramArbitrary(world: World, segments: string[], index: number): fc.Arbitrary<string> {
  const name = segments[index].slice(1, -1);
  const before = segments[index - 1];
  let value: fc.Arbitrary<unknown>;
  if (name === 'kind' && before === 'relations')
    value = fc.oneof(
      fc.constantFrom('subtask', 'parenttask', 'related', 'duplicateof', 'blocking', 'precedes', 'copiedto'),
      text,
    );
  else if (name === 'kind' || name === 'entity')
    value = fc.oneof(fc.constantFrom('tasks', 'comments', 'project', 'task', 'projects'), text);
  else if (name === 'entityId') value = fc.oneof(idOf(world, 'project'), idOf(world, 'task'));
  else if (name === 'provider') value = text;
  else if (name === 'id')
    value = idOf(world, kindOfCollection[before] ?? (before === '{kind}' ? 'task' : undefined));
  else value = idOf(world, kindOfParam[name]);
  return value.map((v) => inPath(String(v)));
}

/** `value` as a path segment; a lone surrogate, which no URL can carry, becomes U+FFFD. */
function inPath(value: string): string {
  return encodeURIComponent(
    value.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd'),
  );
}

/** A value for a body field, from its name where that says more than its schema. */
function fieldArbitrary(world: World, name: string, schema: Schema, depth: number): fc.Arbitrary<unknown> {
  const typed = ((): fc.Arbitrary<unknown> | undefined => {
    if (/date|^reminder$|expires_at|^created$|^updated$|_at$/.test(name) && schema?.type === 'string')
      return date;
    if (name === 'hex_color') return colour;
    if (name === 'filter') return filterString(idOf(world, 'label') as fc.Arbitrary<number>);
    if (name === 'filters')
      return fc.record(
        {
          filter: filterString(idOf(world, 'project') as fc.Arbitrary<number>),
          filter_include_nulls: fc.boolean(),
          s: text,
          sort_by: fc.array(fc.constantFrom('id', 'title', 'due_date', 'position', 'nope'), { maxLength: 3 }),
          order_by: fc.array(fc.constantFrom('asc', 'desc', 'sideways'), { maxLength: 3 }),
        },
        { requiredKeys: [] },
      );
    // Id lists: short ones of real and odd ids, and now and then one past both databases'
    // parameter limits (SQLite 32,766, PostgreSQL 65,535).
    if (name === 'task_ids' || name === 'ids' || name === 'labels' || name === 'assignees') {
      const wrap = (id: unknown) => (name === 'labels' || name === 'assignees' ? { id } : id);
      return fc.oneof(
        {
          weight: 9,
          arbitrary: fc.array(
            fc
              .oneof(
                idOf(world, name === 'labels' ? 'label' : name === 'assignees' ? 'user' : 'task'),
                anyJson,
              )
              .map(wrap),
            { maxLength: 1000, size: 'small' },
          ),
        },
        {
          weight: 1,
          arbitrary: fc
            .constantFrom(32_767, 65_536)
            .map((n) => Array.from({ length: n }, (_, i) => wrap(i + 1))),
        },
      );
    }
    if (name === 'project_id' || name === 'parent_project_id' || name === 'project')
      return idOf(world, 'project');
    if (name === 'bucket_id') return idOf(world, 'bucket');
    if (name === 'task_id' || name === 'other_task_id' || name === 'cover_image_attachment_id')
      return idOf(world, name === 'cover_image_attachment_id' ? 'attachment' : 'task');
    if (name === 'label_id') return idOf(world, 'label');
    if (name === 'team_id') return idOf(world, 'team');
    if (name === 'user_id') return idOf(world, 'user');
    if (name === 'username' || name === 'user') return fc.oneof(idOf(world, 'username'), text);
    if (name === 'target_url')
      return fc.oneof(
        fc.constantFrom('http://127.0.0.1:9/x', 'https://example.com', 'ftp://x', 'javascript:1'),
        text,
      );
    if (name === 'events')
      return fc.array(fc.oneof(fc.constantFrom('task.created', 'task.updated', 'project.deleted'), text), {
        maxLength: 4,
      });
    if (name === 'permissions')
      return fc.oneof(
        fc.dictionary(
          fc.constantFrom('tasks', 'projects', 'labels', 'other'),
          fc.array(fc.constantFrom('read_all', 'update', 'create', 'delete', 'nope'), { maxLength: 3 }),
        ),
        anyJson,
      );
    return undefined;
  })();
  const byType = typed ?? schemaArbitrary(world, schema, depth);
  const nullable = schema?.nullable ? fc.constant(null) : undefined;
  return fc.oneof(
    { weight: 6, arbitrary: byType },
    { weight: 1, arbitrary: anyJson },
    ...(nullable ? [{ weight: 1, arbitrary: nullable }] : []),
  );
}

/** A value that fits `schema`, mostly. */
function schemaArbitrary(world: World, schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 3) return anyJson;
  if (schema.enum) return fc.oneof(fc.constantFrom(...schema.enum), anyJson);
  switch (schema.type) {
    case 'object': {
      const properties: Record<string, Schema> = schema.properties ?? {};
      const shape: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [name, sub] of Object.entries(properties))
        shape[name] = fieldArbitrary(world, name, sub, depth + 1);
      const known = fc.record(shape, { requiredKeys: [] });
      // Now and then a key the schema does not know, or one that means something to JavaScript.
      const extra = fc.dictionary(
        fc.oneof(
          fc.constantFrom('__proto__', 'constructor', 'id', 'owner', 'created'),
          fc.string({ maxLength: 8 }),
        ),
        anyJson,
        { maxKeys: 2 },
      );
      return fc
        .tuple(known, fc.option(extra, { freq: 4 }))
        .map(([k, e]) => (e ? { ...e, ...(k as object) } : k));
    }
    case 'array':
      return fc.array(schemaArbitrary(world, schema.items, depth + 1), { maxLength: 5 });
    case 'string':
      return text;
    case 'integer':
      return integer;
    case 'number':
      return fc.oneof(integer, fc.double({ noNaN: true, noDefaultInfinity: true }));
    case 'boolean':
      return fc.boolean();
    default:
      return anyJson;
  }
}

// Bodies no JSON encoder writes: truncated, overflowing numbers, escaped lone surrogates, deep
// nesting, duplicate keys, prototype keys.
const rawJson = fc.constantFrom(
  '',
  '{',
  '{"title":',
  'null',
  '[]',
  '"text"',
  '42',
  '{"title":"a","title":{"x":1}}',
  '{"priority":1e400,"percent_done":-1e400,"id":1e400}',
  '{"title":"\\ud800\\udc00\\udfff"}',
  '{"__proto__":{"admin":true},"title":"proto"}',
  '{"constructor":{"prototype":{"x":1}}}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
  `{"title":"${'a'.repeat(70_000)}"}`,
  '\ufeff{"title":"bom"}',
  '{"title":"x"} trailing',
);

const queryString = fc
  .dictionary(
    fc.constantFrom(
      'page',
      'per_page',
      's',
      'filter',
      'sort_by',
      'order_by',
      'filter_timezone',
      'expand',
      'x',
    ),
    fc.oneof(text, integer.map(String)),
    { maxKeys: 3 },
  )
  .map((q) => {
    const s = new URLSearchParams(q).toString();
    return s ? `?${s}` : '';
  });

function multipartGarbage(): fc.Arbitrary<{ body: Buffer; contentType: string }> {
  return fc
    .record({
      field: fc.constantFrom('files', 'background', 'avatar', 'import', 'file', ''),
      name: fc.oneof(fc.constantFrom('a.txt', 'x.png', '../../x', '', 'a"b.zip'), text),
      type: fc.constantFrom('text/plain', 'image/png', 'application/zip', 'application/json', ''),
      data: fc.oneof(
        fc.uint8Array({ maxLength: 200 }).map((a) => Buffer.from(a)),
        text,
      ),
      broken: fc.boolean(),
    })
    .map(({ field, name, type, data, broken }) => {
      const boundary = 'ordofuzzboundary';
      const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`;
      const tail = broken ? '' : `\r\n--${boundary}--\r\n`;
      return {
        body: Buffer.concat([Buffer.from(head), Buffer.from(data), Buffer.from(tail)]),
        contentType: `multipart/form-data; boundary=${boundary}`,
      };
    });
}

/** Stands for the caller's token, which may change during a run (see `keepSession`). */
export const ME = 'Bearer {me}';

/** Requests for `route` by the world's first user (or nobody, now and then). */
export function requestsFor(world: World, route: Route): fc.Arbitrary<FuzzRequest> {
  const segments = route.path.split('/');
  const path = fc
    .tuple(
      ...segments.map((s, i) => (s.startsWith('{') ? paramArbitrary(world, segments, i) : fc.constant(s))),
    )
    .map((parts) => parts.join('/'));
  const json = (value: unknown) => ({ payload: JSON.stringify(value), type: 'application/json' });
  const body: fc.Arbitrary<{ payload?: string | Buffer; type?: string }> = fc.oneof(
    { weight: 8, arbitrary: schemaArbitrary(world, route.bodySchema ?? { type: 'object' }).map(json) },
    { weight: 2, arbitrary: anyJson.map(json) },
    { weight: 1, arbitrary: rawJson.map((payload) => ({ payload, type: 'application/json' })) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          schemaArbitrary(world, route.bodySchema ?? { type: 'object' }),
          fc.constantFrom(
            'text/plain',
            'application/x-www-form-urlencoded',
            'application/xml',
            'application/json; charset=latin1',
            'multipart/form-data',
          ),
        )
        .map(([value, type]) => ({ payload: JSON.stringify(value), type })),
    },
    { weight: 1, arbitrary: multipartGarbage().map((m) => ({ payload: m.body, type: m.contentType })) },
    { weight: 1, arbitrary: fc.constant({}) },
  );
  const caller = fc.oneof(
    { weight: 12, arbitrary: fc.constant(ME) },
    { weight: 1, arbitrary: fc.constantFrom(undefined, 'Bearer nonsense', 'Basic Og==', 'Bearer {me}x') },
  );
  return fc
    .tuple(path, fc.option(queryString, { freq: 5 }), body, caller)
    .map(([p, query, b, authorization]) => {
      const request: FuzzRequest = {
        method: route.method,
        url: `${p}${query ?? ''}`,
        headers: {
          ...(authorization ? { authorization } : {}),
          ...(b.type ? { 'content-type': b.type } : {}),
        },
        ...(b.payload !== undefined ? { payload: b.payload } : {}),
      };
      return Object.assign(request, { [fc.toStringMethod]: () => describeRequest(request) });
    });
}

/** The request as fast-check's report prints it: long bodies cut short. */
export function describeRequest(request: FuzzRequest): string {
  const body = request.payload === undefined ? '' : String(request.payload);
  const shown = body.length > 600 ? `${body.slice(0, 600)}… (${body.length} characters)` : body;
  return `${request.method} ${request.url} ${JSON.stringify(request.headers)} ${JSON.stringify(shown)}`;
}

/** Send `request` through the app, with the caller's current token. */
export function send(app: FastifyInstance, world: World, request: FuzzRequest) {
  const headers = { ...request.headers };
  if (headers.authorization) headers.authorization = headers.authorization.replace('{me}', world.me.token);
  return app.inject({ method: request.method, url: request.url, headers, payload: request.payload });
}

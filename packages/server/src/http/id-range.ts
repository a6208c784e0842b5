/**
 * Ids are 32-bit integers in the database (PostgreSQL's `integer`, and SQLite's ids are held to
 * the same range). A larger number in a path parameter or an id field of a body is no id at all:
 * left to the database, PostgreSQL refuses to compare it with an `integer` column and the request
 * ends in a 500. Every route's schema therefore holds its integer path parameters and its integer
 * `id` / `…_id` / `…_ids` fields to that range, so such a request is a 400 (Invalid model) on
 * both databases, like any other malformed id.
 */
import type { FastifyInstance, RouteOptions } from 'fastify';

const MIN_ID = -(2 ** 31);
const MAX_ID = 2 ** 31 - 1;

// biome-ignore lint/suspicious/noExplicitAny: JSON schemas of any shape, as the routes declare them.
type Schema = any;

function isIntegerSchema(schema: Schema): boolean {
  const type = schema?.type;
  return type === 'integer' || (Array.isArray(type) && type.includes('integer'));
}

function capped(schema: Schema): Schema {
  return {
    ...schema,
    minimum: Math.max(schema.minimum ?? MIN_ID, MIN_ID),
    maximum: Math.min(schema.maximum ?? MAX_ID, MAX_ID),
  };
}

const isIdName = (name: string) => name === 'id' || name.endsWith('_id') || name.endsWith('_ids');

/** `schema` with every id-named integer (or `all` integers, for path parameters) capped. */
function capIds(schema: Schema, all: boolean, named = false): Schema {
  if (!schema || typeof schema !== 'object') return schema;
  if (isIntegerSchema(schema)) return all || named ? capped(schema) : schema;
  const copy = { ...schema };
  if (schema.properties) {
    copy.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([name, sub]) => [name, capIds(sub, all, isIdName(name))]),
    );
  }
  if (schema.items) copy.items = capIds(schema.items, all, named);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    if (Array.isArray(schema[key])) copy[key] = schema[key].map((s: Schema) => capIds(s, all, named));
  }
  return copy;
}

/** Call before the routes are registered. */
export function holdIdsToTheirRange(app: FastifyInstance): void {
  app.addHook('onRoute', (route: RouteOptions) => {
    const schema = route.schema;
    if (!schema) return;
    route.schema = {
      ...schema,
      ...(schema.params ? { params: capIds(schema.params, true) } : {}),
      ...(schema.body ? { body: capIds(schema.body, false) } : {}),
      ...(schema.querystring ? { querystring: capIds(schema.querystring, false) } : {}),
    };
  });
}

/**
 * Ids and the other whole numbers are 32-bit integers in the database (PostgreSQL's `integer`,
 * and SQLite's are held to the same range). A larger number is no id, index or limit at all: left
 * to the database, PostgreSQL refuses to compare or store it in an `integer` column and the
 * request ends in a 500, while SQLite would keep it. Every route's schema therefore holds its
 * integer path parameters (a 400, Invalid model, like any other malformed id) and every integer of
 * its body and query (a 412 naming the field, as any other value out of its range) to that range,
 * on both databases alike.
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

/** `schema` with every integer in it capped. */
function capIntegers(schema: Schema): Schema {
  if (!schema || typeof schema !== 'object') return schema;
  if (isIntegerSchema(schema)) return capped(schema);
  const copy = { ...schema };
  if (schema.properties) {
    copy.properties = Object.fromEntries(
      Object.entries(schema.properties).map(([name, sub]) => [name, capIntegers(sub)]),
    );
  }
  if (schema.items) copy.items = capIntegers(schema.items);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    if (Array.isArray(schema[key])) copy[key] = schema[key].map(capIntegers);
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
      ...(schema.params ? { params: capIntegers(schema.params) } : {}),
      ...(schema.body ? { body: capIntegers(schema.body) } : {}),
      ...(schema.querystring ? { querystring: capIntegers(schema.querystring) } : {}),
    };
  });
}

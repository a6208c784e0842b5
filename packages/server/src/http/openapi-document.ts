/**
 * The last touches to the OpenAPI document @fastify/swagger builds from the route schemas, so
 * that client generators and linters (Redocly's, run by `npm test`) can use it as it is:
 *
 * - the server is the public URL's /api/v1, and paths are relative to it, as in Vikunja's document;
 * - every operation has an operationId made from its method and path ("getProjectsByIdTasks"),
 *   unique because a method and a path name one route, and a tag (its route's own, or the path's
 *   first segment), and every tag is listed at the top;
 * - `minRunes` (a length in characters rather than UTF-16 units, which the validator checks) is
 *   not a JSON Schema keyword, so the document calls it `x-minRunes`.
 */
const API_PREFIX = '/api/v1';
const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];
const RENAMED_KEYWORDS: Record<string, string> = { minRunes: 'x-minRunes' };

type Operation = { operationId?: string; tags?: string[]; [key: string]: unknown };
export type OpenApiDocument = {
  servers?: { url: string }[];
  tags?: { name: string }[];
  paths?: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
};

/** "get", "/projects/{id}/tasks" → "getProjectsByIdTasks". */
export function operationIdOf(method: string, path: string): string {
  const words = path
    .split('/')
    .filter(Boolean)
    .map((segment) => segment.replace(/^\{(.+)\}$/, 'by $1'))
    .join(' ')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((w) => w[0].toUpperCase() + w.slice(1))].join('');
}

function renameKeywords(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(renameKeywords);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) => [RENAMED_KEYWORDS[key] ?? key, renameKeywords(inner)]),
  );
}

export function finishOpenApiDocument(built: OpenApiDocument, publicUrl: string): OpenApiDocument {
  const document = renameKeywords(built) as OpenApiDocument;
  const paths: Record<string, Record<string, unknown>> = {};
  const tags = new Set<string>();
  for (const [fullPath, item] of Object.entries(document.paths ?? {})) {
    const path = fullPath.startsWith(`${API_PREFIX}/`) ? fullPath.slice(API_PREFIX.length) : fullPath;
    const operations: Record<string, unknown> = {};
    for (const [method, value] of Object.entries(item)) {
      if (!METHODS.includes(method)) {
        operations[method] = value;
        continue;
      }
      // A route with several methods shares one object among them: each gets its own copy.
      const operation = { ...(value as Operation) };
      operation.operationId ??= operationIdOf(method, path);
      if (!operation.tags?.length) operation.tags = [path.split('/').filter(Boolean)[0] ?? 'service'];
      for (const tag of operation.tags) tags.add(tag);
      operations[method] = operation;
    }
    paths[path] = operations;
  }
  return {
    ...document,
    servers: [{ url: new URL(API_PREFIX.slice(1), publicUrl).toString() }],
    tags: [...tags].sort().map((name) => ({ name })),
    paths,
  };
}

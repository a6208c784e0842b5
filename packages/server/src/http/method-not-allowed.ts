/**
 * A known API path asked with a method it does not have answers 405 {"message":"Method Not
 * Allowed"} with an `Allow` header, as Vikunja's router does (reference §1.1); a path no route
 * has answers 404. Fastify itself answers 404 for both, so the not-found handler asks the router.
 */
import type { FastifyInstance } from 'fastify';

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const;

/** The methods some route answers at this URL's path; empty when no route has the path. */
export function methodsAt(app: FastifyInstance, url: string): string[] {
  const path = url.split('?', 1)[0] ?? url;
  return METHODS.filter((method) => app.findRoute({ method, url: path }) !== null);
}

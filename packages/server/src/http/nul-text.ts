/**
 * One hook for every route: a NUL character (U+0000) in the JSON body, the query string or a path
 * parameter is refused with 400 before any service sees it. PostgreSQL cannot store NUL in text
 * (it failed with a 500) and SQLite stored it; now both databases answer alike.
 */
import { findNulText } from '@ordo/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fail } from './api-error.js';

function nulIn(request: FastifyRequest): string | null {
  const inParams = findNulText(request.params);
  if (inParams !== null) return `the path (${inParams})`;
  const inQuery = findNulText(request.query);
  if (inQuery !== null) return `the query parameter ${inQuery}`;
  return findNulText(request.body);
}

export function refuseNulText(app: FastifyInstance): void {
  app.addHook(
    'preValidation',
    (request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) => {
      const where = nulIn(request);
      if (where === null) return done();
      done(fail('nulCharacter', [where]));
    },
  );
}

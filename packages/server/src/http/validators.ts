/**
 * Two validators: bodies are checked strictly (a string where a number belongs is an error, as
 * Vikunja's binder says 2004), while query strings and path parameters are coerced from text.
 * A null in a body field that does not take null is read as the field's zero value first, as
 * Vikunja's binder reads it (null-as-zero.ts).
 */
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { nullsToZeroValues } from './null-as-zero.js';

function makeAjv(coerce: boolean) {
  const ajv = new Ajv({
    coerceTypes: coerce ? 'array' : false,
    useDefaults: true,
    removeAdditional: false,
    allErrors: true,
    verbose: true,
    strict: false,
  });
  (addFormats as unknown as (a: Ajv) => void)(ajv);
  return ajv;
}

export function registerValidators(app: FastifyInstance): void {
  // A request without any body (or with the JSON `null` the mobile app sends for "no body")
  // binds as an empty object, as Vikunja's binder does, so the service can answer its own
  // "please specify …" error instead of a schema complaint.
  // Attached only to routes that read a body, so GET requests pay nothing for it.
  app.addHook('onRoute', (route) => {
    if (!route.schema?.body) return;
    const bindEmptyBody = (request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
      if (request.body === undefined || request.body === null) request.body = {};
      done();
    };
    const existing = route.preValidation;
    route.preValidation = existing
      ? [...(Array.isArray(existing) ? existing : [existing]), bindEmptyBody]
      : bindEmptyBody;
  });
  const strict = makeAjv(false);
  const coercing = makeAjv(true);
  app.setValidatorCompiler(({ schema, httpPart }) => {
    if (httpPart !== 'body') return coercing.compile(schema);
    const validate = strict.compile(schema);
    const withZeroValues = (data: unknown) => {
      nullsToZeroValues(schema, data);
      const valid = validate(data);
      withZeroValues.errors = validate.errors;
      return valid;
    };
    withZeroValues.errors = validate.errors;
    return withZeroValues;
  });
}

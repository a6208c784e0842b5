/** One task as a calendar object resource: GET, PROPFIND, PUT and DELETE (RFC 4791 §5.3). */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bodyText, header, projectIdOf, sendMultistatus, user, XML } from './dav-http.js';
import { CalendarPreconditionError, preconditionBody } from './preconditions.js';
import { objectProperties, propstats } from './properties.js';
import { readPropfind } from './requests.js';
import type { CaldavService } from './service.js';

/** What these routes use, given by the composition root (context.ts). */
export interface ObjectRoutesDeps {
  caldav: CaldavService;
}

/**
 * A PUT's refusals name their CalDAV precondition in a DAV error body; a body over the size
 * limit is max-resource-size. Other errors go on to the /dav error handler.
 */
function putErrors(error: FastifyError | Error, _request: FastifyRequest, reply: FastifyReply) {
  const refusal =
    error instanceof CalendarPreconditionError
      ? error
      : (error as FastifyError).code === 'FST_ERR_CTP_BODY_TOO_LARGE'
        ? new CalendarPreconditionError('max-resource-size', 'The calendar object is too large.')
        : null;
  if (!refusal) throw error;
  return reply.status(refusal.status).type(XML).send(preconditionBody(refusal));
}

export function objectRoutes(app: FastifyInstance, ctx: ObjectRoutesDeps): void {
  const service = ctx.caldav;
  // One task as a calendar object, at the name its client chose (the URL's last segment, decoded).
  const objectPath = '/dav/projects/:project/:object';
  const objectParams = (request: FastifyRequest) => {
    const { project, object } = request.params as { project: string; object: string };
    return { projectId: projectIdOf(project), name: object };
  };

  app.get(objectPath, async (request, reply) => {
    const { projectId, name } = objectParams(request);
    const object = await service.object(user(request).id, projectId, name);
    return reply.type('text/calendar; charset=utf-8').header('etag', object.etag).send(object.ics);
  });

  app.route({
    method: 'PROPFIND',
    url: objectPath,
    handler: async (request, reply) => {
      const { projectId, name } = objectParams(request);
      const object = await service.object(user(request).id, projectId, name);
      return sendMultistatus(reply, [
        {
          href: object.href,
          propstats: propstats(objectProperties(object), readPropfind(bodyText(request))),
        },
      ]);
    },
  });

  app.put(objectPath, { errorHandler: putErrors }, async (request, reply) => {
    const { projectId, name } = objectParams(request);
    const me = user(request);
    const { created, object, asSent } = await service.put(
      me.id,
      me.timezone,
      projectId,
      name,
      bodyText(request),
      { ifMatch: header(request, 'if-match'), ifNoneMatch: header(request, 'if-none-match') },
    );
    // A strong ETag says the client's copy is the stored one (RFC 4791 §5.3.4); when Ordo
    // stores it otherwise, none is sent, so the client fetches the object again.
    if (asSent) reply.header('etag', object.etag);
    return reply.status(created ? 201 : 204).send();
  });

  app.delete(objectPath, async (request, reply) => {
    const { projectId, name } = objectParams(request);
    await service.delete(user(request).id, projectId, name, header(request, 'if-match'));
    return reply.status(204).send();
  });
}

/** One task as a calendar object resource: GET, PROPFIND, PUT and DELETE (RFC 4791 §5.3). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { bodyText, header, projectIdOf, sendMultistatus, uidOf, user } from './dav-http.js';
import { objectHref, objectProperties, propstats } from './properties.js';
import { readPropfind } from './requests.js';

export function objectRoutes(app: FastifyInstance, ctx: AppContext): void {
  const service = ctx.caldav;
  // One task as a calendar object.
  const objectPath = '/dav/projects/:project/:object';
  const objectParams = (request: FastifyRequest) => {
    const { project, object } = request.params as { project: string; object: string };
    return { projectId: projectIdOf(project), uid: uidOf(object) };
  };

  app.get(objectPath, async (request, reply) => {
    const { projectId, uid } = objectParams(request);
    const object = await service.object(user(request).id, projectId, uid);
    return reply.type('text/calendar; charset=utf-8').header('etag', object.etag).send(object.ics);
  });

  app.route({
    method: 'PROPFIND',
    url: objectPath,
    handler: async (request, reply) => {
      const { projectId, uid } = objectParams(request);
      const object = await service.object(user(request).id, projectId, uid);
      return sendMultistatus(reply, [
        {
          href: objectHref(projectId, uid),
          propstats: propstats(objectProperties(object), readPropfind(bodyText(request))),
        },
      ]);
    },
  });

  app.put(objectPath, async (request, reply) => {
    const { projectId, uid } = objectParams(request);
    const { created, object } = await service.put(user(request).id, projectId, uid, bodyText(request), {
      ifMatch: header(request, 'if-match'),
      ifNoneMatch: header(request, 'if-none-match'),
    });
    return reply
      .status(created ? 201 : 204)
      .header('etag', object.etag)
      .send();
  });

  app.delete(objectPath, async (request, reply) => {
    const { projectId, uid } = objectParams(request);
    await service.delete(user(request).id, projectId, uid, header(request, 'if-match'));
    return reply.status(204).send();
  });
}

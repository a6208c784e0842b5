/**
 * Custom field definitions (Ordo's own): a project's fields, listed with read on it, defined,
 * changed and deleted with write on it. Link shares may list their own project's fields (1023
 * for the rest).
 */
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { CustomFieldBody, CustomFieldSchema } from '@ordo/core';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { requirePrincipal, requireUser } from '../../http/authenticate.js';
import { Message } from '../../http/schemas.js';
import type { CustomFieldsService } from './service.js';

export interface CustomFieldsRoutesDeps {
  customFields: CustomFieldsService;
}

const ProjectParams = Type.Object({ project: Type.Integer() });
const FieldParams = Type.Object({ project: Type.Integer(), field: Type.Integer() });

export function customFieldsRoutes(app: FastifyInstance, ctx: CustomFieldsRoutesDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();
  const tags = ['custom fields'];

  r.get(
    '/projects/:project/fields',
    {
      schema: {
        tags,
        summary: "A project's custom fields, in the order they are shown",
        params: ProjectParams,
        response: { 200: Type.Array(CustomFieldSchema) },
      },
    },
    async (request) => ctx.customFields.list(requirePrincipal(request).userId, request.params.project),
  );

  r.put(
    '/projects/:project/fields',
    {
      schema: {
        tags,
        summary: 'Define a custom field of the project',
        description:
          'Kinds: text, number, date, choice, choices, checkbox, url, user. Options only for choice and choices. Needs write on the project.',
        params: ProjectParams,
        body: CustomFieldBody,
        response: { 201: CustomFieldSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(
          await ctx.customFields.create(requireUser(request).userId, request.params.project, request.body),
        ),
  );

  r.post(
    '/projects/:project/fields/:field',
    {
      schema: {
        tags,
        summary: 'Change a custom field (title, options, position; never its kind)',
        description: "An option taken away is taken off every task's value.",
        params: FieldParams,
        body: CustomFieldBody,
        response: { 200: CustomFieldSchema },
      },
    },
    async (request) =>
      ctx.customFields.update(
        requireUser(request).userId,
        request.params.project,
        request.params.field,
        request.body,
      ),
  );

  r.delete(
    '/projects/:project/fields/:field',
    {
      schema: {
        tags,
        summary: 'Delete a custom field and every value of it',
        params: FieldParams,
        response: { 200: Message },
      },
    },
    async (request) => {
      await ctx.customFields.delete(
        requireUser(request).userId,
        request.params.project,
        request.params.field,
      );
      return { message: 'Successfully deleted.' };
    },
  );
}

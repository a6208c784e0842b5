import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { timeZoneNames } from '@ordo/core';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { requirePrincipal, requireUser } from '../../http/authenticate.js';
import { LimitedText, Message, NullableText, PublicUserSchema } from '../../http/schemas.js';
import { linkShareUser } from '../sharing/serialize.js';
import type { UsersService } from './service.js';

/** What these routes use, given by the composition root (context.ts). */
export interface UserRoutesDeps {
  users: UsersService;
}

const FrontendSettingsSchema = Type.Object({}, { additionalProperties: true });

const SettingsSchema = Type.Object({
  name: Type.String(),
  email_reminders_enabled: Type.Boolean(),
  discoverable_by_name: Type.Boolean(),
  discoverable_by_email: Type.Boolean(),
  overdue_tasks_reminders_enabled: Type.Boolean(),
  overdue_tasks_reminders_time: Type.String(),
  default_project_id: Type.Integer(),
  week_start: Type.Integer(),
  language: Type.String(),
  timezone: Type.String(),
  frontend_settings: FrontendSettingsSchema,
  extra_settings_links: Type.Null(),
});

const UserWithSettingsSchema = Type.Composite([
  PublicUserSchema,
  Type.Object({
    settings: SettingsSchema,
    deletion_scheduled_at: Type.String(),
    is_local_user: Type.Boolean(),
    auth_provider: Type.String(),
    is_admin: Type.Boolean(),
    pending_email: Type.Optional(Type.String()),
  }),
]);

const SettingsBody = Type.Object({
  name: Type.Optional(LimitedText('name')),
  email_reminders_enabled: Type.Optional(Type.Boolean()),
  discoverable_by_name: Type.Optional(Type.Boolean()),
  discoverable_by_email: Type.Optional(Type.Boolean()),
  overdue_tasks_reminders_enabled: Type.Optional(Type.Boolean()),
  overdue_tasks_reminders_time: Type.Optional(LimitedText('short')),
  default_project_id: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
  week_start: Type.Optional(Type.Integer()),
  language: NullableText('short'),
  timezone: Type.Optional(LimitedText('short')),
  frontend_settings: Type.Optional(Type.Union([FrontendSettingsSchema, Type.Null()])),
});

const PasswordBody = Type.Object({
  old_password: Type.Optional(LimitedText('password')),
  new_password: Type.Optional(LimitedText('password')),
});

export function userRoutes(app: FastifyInstance, ctx: UserRoutesDeps): void {
  const r = app.withTypeProvider<TypeBoxTypeProvider>();

  r.get(
    '/user',
    {
      schema: {
        tags: ['user'],
        summary: 'The current user with settings',
        response: { 200: UserWithSettingsSchema },
      },
    },
    async (request) => {
      const principal = requirePrincipal(request);
      // A link share sees itself as its pseudo-user.
      return principal.kind === 'user' ? ctx.users.current(principal) : linkShareUser(principal.share);
    },
  );

  r.post(
    '/user/password',
    {
      schema: {
        tags: ['user'],
        summary: 'Change the password',
        body: PasswordBody,
        response: { 200: Message },
      },
    },
    async (request) => {
      const body = request.body ?? {};
      await ctx.users.changePassword(
        requireUser(request),
        body.old_password ?? '',
        body.new_password ?? '',
        request.ip,
      );
      return { message: 'The password was updated successfully.' };
    },
  );

  r.get(
    '/user/settings/general',
    { schema: { tags: ['user'], summary: 'The general settings', response: { 200: SettingsSchema } } },
    async (request) => ctx.users.settings(requireUser(request)),
  );

  r.post(
    '/user/settings/general',
    {
      schema: {
        tags: ['user'],
        summary: 'Replace the general settings',
        body: SettingsBody,
        response: { 200: Message },
      },
    },
    async (request) => {
      await ctx.users.updateSettings(requireUser(request), request.body ?? {});
      return { message: 'The settings were updated successfully.' };
    },
  );

  const zones = timeZoneNames();
  r.get(
    '/user/timezones',
    {
      schema: {
        tags: ['user'],
        summary: 'Time zones the server knows',
        response: { 200: Type.Array(Type.String()) },
      },
    },
    async (request) => {
      requireUser(request);
      return zones;
    },
  );

  r.get(
    '/users',
    {
      schema: {
        tags: ['user'],
        summary: 'Find users to share with',
        querystring: Type.Object({
          s: Type.Optional(Type.Union([Type.String(), Type.Array(Type.String())])),
        }),
        response: { 200: Type.Union([Type.Array(PublicUserSchema), Type.Null()]) },
      },
    },
    async (request) => {
      return ctx.users.search(requireUser(request).userId, request.query.s);
    },
  );
}

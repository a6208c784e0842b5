/**
 * A project shared with a user or a team (reference §3.8, with Ordo's v0.24 name `right`): the
 * share objects that creating or changing a share answers, and the users and teams the share
 * lists answer (the user or team with the share's right added).
 */
import { type Static, Type } from '@sinclair/typebox';
import { ApiDate } from './fields.js';
import { TeamSchema } from './team.js';
import { UserSchema } from './user.js';

export const ProjectUserShareSchema = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  /** The username again: v0.24's name for it, which its web app reads. */
  user_id: Type.String(),
  right: Type.Integer(),
  created: ApiDate,
  updated: ApiDate,
});
export type ProjectUserShare = Static<typeof ProjectUserShareSchema>;

export const ProjectTeamShareSchema = Type.Object({
  id: Type.Integer(),
  team_id: Type.Integer(),
  right: Type.Integer(),
  created: ApiDate,
  updated: ApiDate,
});
export type ProjectTeamShare = Static<typeof ProjectTeamShareSchema>;

/** An entry of `GET /projects/{id}/users`. */
export const SharedUserSchema = Type.Object({
  ...UserSchema.properties,
  right: Type.Integer(),
});
export type SharedUser = Static<typeof SharedUserSchema>;

/** An entry of `GET /projects/{id}/teams`. */
export const SharedTeamSchema = Type.Object({
  ...TeamSchema.properties,
  right: Type.Integer(),
});
export type SharedTeam = Static<typeof SharedTeamSchema>;

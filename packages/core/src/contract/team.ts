/** Teams and their members (reference §3.6) and the bodies that write them. */
import { type Static, Type } from '@sinclair/typebox';
import { ApiDate, Nullable, NullableText } from './fields.js';
import { UserSchema } from './user.js';

/** A member as a team lists it: the public user plus whether they administer the team. */
export const TeamMemberSchema = Type.Object({
  ...UserSchema.properties,
  admin: Type.Boolean(),
});
export type TeamMember = Static<typeof TeamMemberSchema>;

/** The answer to adding a member or toggling their admin flag. */
export const TeamMembershipSchema = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  admin: Type.Boolean(),
  created: ApiDate,
});
export type TeamMembership = Static<typeof TeamMembershipSchema>;

export const TeamSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  /** Set for teams synced from OpenID Connect or LDAP. */
  external_id: Type.String(),
  created_by: Nullable(UserSchema),
  members: Type.Array(TeamMemberSchema),
  created: ApiDate,
  updated: ApiDate,
  is_public: Type.Boolean(),
});
export type Team = Static<typeof TeamSchema>;

export const TeamBody = Type.Object({
  name: NullableText('title', 1),
  description: NullableText('description'),
  is_public: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
});
export type TeamBody = Static<typeof TeamBody>;

export const TeamMemberBody = Type.Object({
  username: NullableText('name'),
  admin: Type.Optional(Type.Union([Type.Boolean(), Type.Null()])),
});

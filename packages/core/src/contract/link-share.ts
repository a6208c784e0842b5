/** Link shares (reference §3.8, with Ordo's v0.24 name `right`) and the body that creates one. */
import { type Static, Type } from '@sinclair/typebox';
import { ApiDate, Nullable, NullableText } from './fields.js';
import { UserSchema } from './user.js';

export const LinkShareSchema = Type.Object({
  id: Type.Integer(),
  /** The share's secret: '' for callers who may not manage shares. */
  hash: Type.String(),
  name: Type.String(),
  right: Type.Integer(),
  /** 1 without a password, 2 with one. */
  sharing_type: Type.Integer(),
  /** Write-only: always ''. */
  password: Type.String(),
  shared_by: Nullable(UserSchema),
  created: ApiDate,
  updated: ApiDate,
});
export type LinkShare = Static<typeof LinkShareSchema>;

/** `right` (v0.24) or `permission` (v1.0): checked by the service, which answers 9001. */
export const ShareRightFields = {
  right: Type.Optional(Type.Unknown()),
  permission: Type.Optional(Type.Unknown()),
};

export const LinkShareBody = Type.Object({
  name: NullableText('name'),
  password: NullableText('password'),
  ...ShareRightFields,
});

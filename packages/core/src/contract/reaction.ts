/** Reactions as the wire has them: an object from the reaction (an emoji) to who gave it. */
import { type Static, Type } from '@sinclair/typebox';
import { ApiDate, LimitedText } from './fields.js';
import { UserSchema } from './user.js';

export const ReactionMapSchema = Type.Record(Type.String(), Type.Array(UserSchema));
export type ReactionMap = Static<typeof ReactionMapSchema>;

/** The answer to adding a reaction. */
export const ReactionSchema = Type.Object({ user: UserSchema, value: Type.String(), created: ApiDate });
export type Reaction = Static<typeof ReactionSchema>;

export const ReactionBody = Type.Object({ value: LimitedText('reaction') });

/**
 * The API's objects, defined once: each schema is the JSON Schema the server validates requests
 * with, the OpenAPI document's component, and (through Static<>) the TypeScript type of the
 * server's serialisers and the web app's API layer.
 */
import { ActivitySchema } from './activity.js';
import { ApiTokenSchema } from './api-token.js';
import { AttachmentSchema } from './attachment.js';
import { BucketSchema } from './bucket.js';
import { CommentSchema } from './comment.js';
import { CustomFieldSchema } from './custom-field.js';
import { LabelSchema } from './label.js';
import { LinkShareSchema } from './link-share.js';
import { MarkedNotificationSchema, NotificationSchema } from './notification.js';
import { ProjectSchema } from './project.js';
import {
  ProjectTeamShareSchema,
  ProjectUserShareSchema,
  SharedTeamSchema,
  SharedUserSchema,
} from './project-share.js';
import { ReactionMapSchema } from './reaction.js';
import { RelationSchema } from './relation.js';
import { SavedFilterSchema } from './saved-filter.js';
import { SubscriptionSchema } from './subscription.js';
import { TaskSchema } from './task.js';
import { TeamSchema } from './team.js';
import { TemplateSchema } from './template.js';
import { TrashEntrySchema } from './trash-entry.js';
import { UserSchema } from './user.js';
import { ProjectViewSchema } from './view.js';
import { WebhookSchema } from './webhook.js';

export * from './activity.js';
export * from './api-token.js';
export * from './attachment.js';
export * from './bucket.js';
export * from './comment.js';
export * from './custom-field.js';
export * from './field-rules.js';
export * from './fields.js';
export * from './label.js';
export * from './link-share.js';
export * from './notification.js';
export * from './project.js';
export * from './project-share.js';
export * from './reaction.js';
export * from './relation.js';
export * from './saved-filter.js';
export * from './subscription.js';
export * from './task.js';
export * from './team.js';
export * from './template.js';
export * from './trash-entry.js';
export * from './user.js';
export * from './view.js';
export * from './webhook.js';

/** The objects by the name the OpenAPI document gives them. */
export const API_OBJECT_SCHEMAS = {
  Task: TaskSchema,
  Project: ProjectSchema,
  ProjectView: ProjectViewSchema,
  Bucket: BucketSchema,
  Label: LabelSchema,
  Comment: CommentSchema,
  User: UserSchema,
  Team: TeamSchema,
  LinkShare: LinkShareSchema,
  ProjectUserShare: ProjectUserShareSchema,
  ProjectTeamShare: ProjectTeamShareSchema,
  SharedUser: SharedUserSchema,
  SharedTeam: SharedTeamSchema,
  SavedFilter: SavedFilterSchema,
  Attachment: AttachmentSchema,
  Reactions: ReactionMapSchema,
  Subscription: SubscriptionSchema,
  Relation: RelationSchema,
  Webhook: WebhookSchema,
  ApiToken: ApiTokenSchema,
  Notification: NotificationSchema,
  MarkedNotification: MarkedNotificationSchema,
  Activity: ActivitySchema,
  TrashEntry: TrashEntrySchema,
  Template: TemplateSchema,
  CustomField: CustomFieldSchema,
} as const;

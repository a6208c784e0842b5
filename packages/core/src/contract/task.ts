/**
 * Tasks (reference §3.3) and the bodies that create, update and bulk-update them. Keys are in the
 * order the server sends them; the optional ones appear only in some answers.
 */
import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { MAX_IDS_PER_REQUEST } from '../input/field-limits.js';
import { AttachmentSchema } from './attachment.js';
import { BucketSchema } from './bucket.js';
import { CommentSchema } from './comment.js';
import { CustomFieldValuesBody, CustomFieldValuesSchema } from './custom-field.js';
import { ApiDate, IdEntry, IdList, LimitedText, Nullable, NullableText } from './fields.js';
import { LabelSchema } from './label.js';
import { ReactionMapSchema } from './reaction.js';
import { SubscriptionSchema } from './subscription.js';
import { UserSchema } from './user.js';

export const TaskReminderSchema = Type.Object({
  reminder: ApiDate,
  /** Seconds before (negative) or after the date named by `relative_to`; 0 for an absolute one. */
  relative_period: Type.Integer(),
  /** `due_date`, `start_date`, `end_date`, or '' for an absolute reminder. */
  relative_to: Type.String(),
});
export type TaskReminder = Static<typeof TaskReminderSchema>;

/** The task with its related tasks given by `relatedTasks` (nested ones carry null there). */
function taskObject<R extends TSchema>(relatedTasks: R) {
  return Type.Object({
    id: Type.Integer(),
    title: Type.String(),
    /** Sanitised HTML. */
    description: Type.String(),
    done: Type.Boolean(),
    done_at: ApiDate,
    due_date: ApiDate,
    reminders: Nullable(Type.Array(TaskReminderSchema)),
    project_id: Type.Integer(),
    /** Seconds; 0 does not repeat. */
    repeat_after: Type.Integer(),
    /** 0 after `repeat_after`, 1 monthly, 2 from the done date. */
    repeat_mode: Type.Integer(),
    /** A CalDAV client's RRULE, verbatim ('' when none): an extra key Vikunja's clients ignore. */
    repeat_rule: Type.String(),
    priority: Type.Integer(),
    start_date: ApiDate,
    end_date: ApiDate,
    assignees: Nullable(Type.Array(UserSchema)),
    labels: Nullable(Type.Array(LabelSchema)),
    hex_color: Type.String(),
    /** Between 0 and 1. */
    percent_done: Type.Number(),
    /** `<PROJECT IDENTIFIER>-<index>`, or `#<index>` when the project has none. */
    identifier: Type.String(),
    index: Type.Integer(),
    /** Related tasks by kind (`subtask`, `parenttask`, …). */
    related_tasks: relatedTasks,
    attachments: Nullable(Type.Array(AttachmentSchema)),
    cover_image_attachment_id: Type.Integer(),
    is_favorite: Type.Boolean(),
    /** `expand=is_unread`: whether the task has comments the caller has not read yet. */
    is_unread: Type.Optional(Type.Boolean()),
    /** The caller's nearest subscription; only a single task's read carries it. */
    subscription: Type.Optional(SubscriptionSchema),
    created: ApiDate,
    updated: ApiDate,
    /** Filled only when the task is read through a bucketed view. */
    bucket_id: Type.Integer(),
    /** Non-zero only when the task is read through a view. */
    position: Type.Number(),
    /** Filled with `expand=reactions`. */
    reactions: Nullable(ReactionMapSchema),
    /** A user, or a link share's pseudo-user for tasks created through one. */
    created_by: Nullable(UserSchema),
    /**
     * Ordo only: the task's custom field values by field id ({} when none; tasks nested in
     * `related_tasks` carry {} as they carry no labels).
     */
    custom_fields: CustomFieldValuesSchema,
    /** `expand=buckets`. */
    buckets: Type.Optional(Type.Array(BucketSchema)),
    /** `expand=comments`: the first 50, oldest first. */
    comments: Type.Optional(Type.Array(CommentSchema)),
    /** `expand=comment_count`. */
    comment_count: Type.Optional(Type.Integer()),
  });
}

/** A task nested in another's `related_tasks`. */
export const RelatedTaskSchema = taskObject(Type.Null());
export type RelatedTask = Static<typeof RelatedTaskSchema>;

export const TaskSchema = taskObject(Type.Record(Type.String(), Type.Array(RelatedTaskSchema)));
export type Task = Static<typeof TaskSchema>;

const Text = NullableText('short');
const Int = Type.Optional(Type.Integer());

/**
 * What creating or updating a task reads. An update is a full replace: omitted fields get their
 * zero value, omitted assignees or reminders are removed. Dates stay text here so that an
 * unparsable one gets the service's 400/2004 answer.
 */
export const TaskBody = Type.Object({
  title: NullableText('title', 1),
  description: NullableText('description'),
  done: Type.Optional(Type.Boolean()),
  due_date: Text,
  start_date: Text,
  end_date: Text,
  repeat_after: Int,
  repeat_mode: Int,
  repeat_rule: Type.Optional(Type.Union([Type.String({ maxLength: 1000 }), Type.Null()])),
  priority: Int,
  hex_color: NullableText('short'),
  percent_done: Type.Optional(Type.Number()),
  is_favorite: Type.Optional(Type.Boolean()),
  bucket_id: Int,
  index: Int,
  project_id: Int,
  cover_image_attachment_id: Int,
  assignees: Type.Optional(Type.Union([IdList(IdEntry), Type.Null()])),
  reminders: Type.Optional(
    Type.Union([
      IdList(
        Type.Object({
          reminder: Text,
          relative_period: Type.Optional(Type.Union([Type.Integer(), Type.Null()])),
          relative_to: Text,
        }),
      ),
      Type.Null(),
    ]),
  ),
  /**
   * Ordo only: custom field values to set, by field id; a field left out keeps its value, and a
   * body without the key keeps them all.
   */
  custom_fields: Type.Optional(CustomFieldValuesBody),
});
export type TaskBody = Static<typeof TaskBody>;

/**
 * The task fields that are one column of the same name, each with its zero value: what a create
 * or update body that leaves the field out (or sends null) writes, an update being a full
 * replace. The server copies these from the row to the answer (at their place in TaskSchema) and
 * from the body to the row without code of its own; every other field of TaskSchema and TaskBody
 * is computed or checked by name in the server's `tasks/serialize.ts` and `tasks/input.ts`.
 */
export const TASK_COLUMN_FIELDS = {
  repeat_mode: 0,
  priority: 0,
  percent_done: 0,
  cover_image_attachment_id: 0,
} as const satisfies { [K in keyof Task & keyof TaskBody]?: Task[K] };

/** Ordo's own `POST /tasks/bulk` fields (Vikunja clients never send them): ids to add or remove. */
const BulkIdChange = (description: string) =>
  Type.Optional(Type.Array(Type.Integer(), { maxItems: MAX_IDS_PER_REQUEST, description }));
const ORDO_ONLY =
  'Ordo only. A body with this field and no `fields` list changes nothing else; written in the same transaction.';

/** `POST /tasks/bulk`: the same values for many tasks (older clients send them flat). */
export const BulkTaskBody = Type.Object({
  ...TaskBody.properties,
  task_ids: Type.Optional(Type.Union([IdList(Type.Integer()), Type.Null()])),
  fields: Type.Optional(Type.Union([Type.Array(LimitedText('short')), Type.Null()])),
  values: Type.Optional(Type.Union([TaskBody, Type.Null()])),
  add_label_ids: BulkIdChange(`Labels put on every task that lacks them. ${ORDO_ONLY}`),
  remove_label_ids: BulkIdChange(`Labels taken off every task that has them. ${ORDO_ONLY}`),
  add_assignee_ids: BulkIdChange(`Users assigned to every task (each must see the project). ${ORDO_ONLY}`),
  remove_assignee_ids: BulkIdChange(`Users unassigned from every task. ${ORDO_ONLY}`),
});
export type BulkTaskBody = Static<typeof BulkTaskBody>;

/** `POST /tasks/bulk/delete` (Ordo only): tasks of one project deleted in one transaction. */
export const BulkDeleteBody = Type.Object({ task_ids: IdList(Type.Integer()) });
export type BulkDeleteBody = Static<typeof BulkDeleteBody>;

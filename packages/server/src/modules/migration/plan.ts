/**
 * What an importer read from a file, in Ordo's terms, before anything is written: projects (with
 * their child projects), their kanban buckets and tasks, and everything on the tasks. Keys are the
 * source's own ids, so tasks can point at buckets and at each other; the writer maps them to the
 * new rows. Dates are stored text (`2024-01-31T09:00:00Z`) or null.
 */
import type { RelationKind, ReminderSpec, RepeatMode } from '@ordo/core';
import type { ImportedField, ImportedValue } from '../custom-fields/imported.js';

export interface PlanLabel {
  title: string;
  hexColor: string;
  description: string;
}

export interface PlanAttachment {
  name: string;
  mime: string;
  /**
   * What tells the bytes apart in the duplicate check (fingerprint-repo.ts), for a file whose
   * attachments' bytes are part of what it holds and not otherwise in its fingerprint: without
   * it, two boards differing only in an attachment's contents counted as the same file.
   */
  digest?: string;
  /** Reads the bytes from the upload; called inside the write, one file at a time. */
  read(): Promise<Buffer>;
}

/** Someone other than the importing user (as far as the file tells) who wrote a comment. */
export interface PlanAuthor {
  username: string;
  name: string;
}

export interface PlanComment {
  /** HTML. */
  text: string;
  /** When it was written; null: at the import. */
  created: string | null;
  /**
   * Who wrote it, when the file names someone who may not be the importing user: the comment is
   * written as the importing user's, starting with this author's name and the date, unless the
   * author has the importing user's username. Null: the importing user's own.
   */
  author: PlanAuthor | null;
}

export interface PlanRelation {
  kind: RelationKind;
  otherKey: string;
}

export interface PlanTask {
  key: string;
  title: string;
  /** HTML; sanitised like every task description when written. */
  description: string;
  done: boolean;
  doneAt: string | null;
  dueDate: string | null;
  startDate: string | null;
  endDate: string | null;
  priority: number;
  percentDone: number;
  hexColor: string;
  repeatAfter: number;
  repeatMode: RepeatMode;
  /** When it was created, kept from the source; null: at the import. */
  created: string | null;
  /** The per-project number (#12) to keep, when the source had one. */
  index: number;
  isFavorite: boolean;
  reminders: ReminderSpec[];
  labels: PlanLabel[];
  /** Oldest first; written as the importing user's. */
  comments: PlanComment[];
  attachments: PlanAttachment[];
  relations: PlanRelation[];
  /** The bucket of the project's kanban view it sits in, by the source's bucket key. */
  bucketKey: string | null;
  /** Custom field values by the source's field key (Ordo's own exports). */
  customValues?: ImportedValue[];
}

export interface PlanBucket {
  key: string;
  title: string;
  limit: number;
}

export interface PlanProject {
  /**
   * An existing project (the importing user may write to it) that takes the tasks instead of a
   * new one: its title and settings stay, its kanban buckets are matched by title.
   */
  existingId?: number;
  title: string;
  description: string;
  identifier: string;
  hexColor: string;
  isArchived: boolean;
  isFavorite: boolean;
  children: PlanProject[];
  /** In the order they are shown, first on top. */
  tasks: PlanTask[];
  /** The kanban buckets; none keeps Ordo's To-Do, Doing and Done. */
  buckets: PlanBucket[];
  defaultBucketKey: string | null;
  doneBucketKey: string | null;
  /** Custom field definitions, keyed by the source's field ids (Ordo's own exports). */
  customFields?: ImportedField[];
}

export interface ImportPlan {
  projects: PlanProject[];
  /** Labels of the file that no task carries (the user's own made elsewhere), made all the same. */
  labels?: PlanLabel[];
}

/** A comment written at the import by the importing user (sources without dates or authors). */
export function plainComment(text: string): PlanComment {
  return { text, created: null, author: null };
}

/** A task with every field at its empty value, for importers to fill in. */
export function emptyTask(key: string, title: string): PlanTask {
  return {
    key,
    title,
    description: '',
    done: false,
    doneAt: null,
    dueDate: null,
    startDate: null,
    endDate: null,
    priority: 0,
    percentDone: 0,
    hexColor: '',
    repeatAfter: 0,
    repeatMode: 0,
    created: null,
    index: 0,
    isFavorite: false,
    reminders: [],
    labels: [],
    comments: [],
    attachments: [],
    relations: [],
    bucketKey: null,
  };
}

/** A project with nothing in it, for importers to fill in. */
export function emptyProject(title: string): PlanProject {
  return {
    title,
    description: '',
    identifier: '',
    hexColor: '',
    isArchived: false,
    isFavorite: false,
    children: [],
    tasks: [],
    buckets: [],
    defaultBucketKey: null,
    doneBucketKey: null,
  };
}

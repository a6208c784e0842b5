/** A calendar (a project the user sees) and its objects (tasks) as CalDAV serves them. */
import type { Right } from '@ordo/core';
import type { ProjectRow } from '../../db/schema.js';

export interface CalendarObject {
  taskId: number;
  uid: string;
  /** The object's path, e.g. `/dav/projects/3/client-abc.ics`: the name the client chose, or `<uid>.ics`. */
  href: string;
  ics: string;
  /** Quoted, as in the ETag header. */
  etag: string;
  updated: string;
}

export interface Calendar {
  project: ProjectRow;
  right: Right;
}

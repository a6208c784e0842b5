/**
 * What a template holds, as stored JSON. Dates are kept as they were when the template was saved;
 * using the template moves them by the whole days since (`shiftedBy`), so "due two days after the
 * start" stays so and a task due tomorrow is due tomorrow again.
 */
import { shiftStoredDate } from '@ordo/core';
import type { SavedFieldValue } from '../custom-fields/saved-values.js';
import type { ProjectContent } from '../projects/project-content-repo.js';
import type { ReminderInput } from '../reminders/input.js';

export interface ProjectTemplateBody {
  saved: string;
  project: { description: string; hex_color: string };
  /** Without assignees (who may not see the new project) or attachments. */
  content: ProjectContent;
}

/** A task's own fields and reminders in the form a create takes, and its label ids. */
export interface TaskTemplateBody {
  saved: string;
  task: {
    title: string;
    description: string;
    done: boolean;
    due_date: string | null;
    start_date: string | null;
    end_date: string | null;
    repeat_after: number;
    repeat_mode: number;
    priority: number;
    hex_color: string;
    percent_done: number;
  };
  reminders: ReminderInput[];
  label_ids: number[];
  /** Custom field values by the field's title and kind (absent from older templates). */
  custom_fields?: SavedFieldValue[];
}

/** The project content with every task date and absolute reminder moved by `days`. */
export function shiftContent(content: ProjectContent, days: number): ProjectContent {
  if (days === 0) return content;
  return {
    ...content,
    tasks: content.tasks.map((t) => ({
      ...t,
      due_date: shiftStoredDate(t.due_date, days),
      start_date: shiftStoredDate(t.start_date, days),
      end_date: shiftStoredDate(t.end_date, days),
      done_at: shiftStoredDate(t.done_at, days),
    })),
    reminders: content.reminders.map((r) => ({ ...r, reminder: shiftStoredDate(r.reminder, days) })),
  };
}

/** The task template's fields with its dates and absolute reminders moved by `days`. */
export function shiftTask(body: TaskTemplateBody, days: number): TaskTemplateBody {
  const { task } = body;
  return {
    ...body,
    task: {
      ...task,
      due_date: shiftStoredDate(task.due_date, days),
      start_date: shiftStoredDate(task.start_date, days),
      end_date: shiftStoredDate(task.end_date, days),
    },
    reminders: body.reminders.map((r) => ({
      ...r,
      reminder: r.reminder ? shiftStoredDate(r.reminder, days) : r.reminder,
    })),
  };
}

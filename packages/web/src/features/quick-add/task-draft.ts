/**
 * What one quick-add line turns into before anything is sent (behaviour.md §1.8): the title, the
 * labels to apply, the project, due date, priority, repeat and the assignee names to look up.
 * Pure, so the preview under the input shows exactly what Enter will create.
 */
import {
  parseQuickAdd,
  type QuickAddMagicMode,
  type QuickAddRepeat,
  quickAddRepeatFields,
  quickAddTitleAndLabels,
  type RepeatSettings,
} from '@ordo/core';
import type { Label } from '../../api/labels';
import { type ProjectLike, resolveQuickAddProject } from './project-lookup';

export interface QuickAddEnvironment {
  mode: QuickAddMagicMode;
  now: Date;
  projects: readonly ProjectLike[];
  givenProjectId: number | null;
  routeProjectId: number | null;
  /** Default reminders (seconds from the due date) for tasks created with a due date. */
  defaultReminders?: readonly number[];
  /** The labels the app has loaded: where a typed label is looked for without a network. */
  labelsHere?: () => readonly Label[];
}

export interface TaskDraft {
  /** The raw line as typed, the title's fallback. */
  input: string;
  /** The title before assignee tokens are removed (that needs the users found). */
  title: string;
  labels: string[];
  /** The project name written in the text (or inherited from a parent line), if any. */
  projectName: string | null;
  /** Null when no project can be determined: creating then fails with NO_PROJECT. */
  projectId: number | null;
  dueDate: Date | null;
  priority: number | null;
  repeat: QuickAddRepeat | null;
  repeatFields: RepeatSettings | null;
  assignees: string[];
}

/** `inheritedProject` is the project a parent line names, for pasted subtasks (indented-lines.ts). */
export function quickAddDraft(
  input: string,
  environment: QuickAddEnvironment,
  inheritedProject: string | null = null,
): TaskDraft {
  const parsed = parseQuickAdd(input, { mode: environment.mode, now: environment.now });
  const { title, labels } = quickAddTitleAndLabels(input, parsed);
  const projectName = parsed.project ?? inheritedProject;
  return {
    input,
    title,
    labels,
    projectName,
    projectId: resolveQuickAddProject({
      projects: environment.projects,
      name: projectName,
      givenProjectId: environment.givenProjectId,
      routeProjectId: environment.routeProjectId,
    }),
    dueDate: parsed.date,
    priority: parsed.priority,
    repeat: parsed.repeats,
    repeatFields: quickAddRepeatFields(parsed.repeats),
    assignees: parsed.assignees,
  };
}

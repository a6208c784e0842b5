/**
 * What the preview under a quick-add input shows (spec 2 §5): per line, the title that will be
 * used and the parts recognised — labels, project, due date, priority, assignees, repeat — plus
 * the nesting of pasted lines and whether a project can be found at all.
 */
import { splitQuickAddLines } from '@ordo/core';
import { findProjectByName, type ProjectLike } from './project-lookup';
import { type QuickAddEnvironment, quickAddDraft, type TaskDraft } from './task-draft';

export interface PreviewLine {
  draft: TaskDraft;
  /** 0 for a task, 1 for its subtask, and so on. */
  depth: number;
  /** The project the task goes to, when one can be found. */
  project: ProjectLike | null;
  /** A project name was written but matches no project (the task goes to the fallback). */
  projectNameUnknown: boolean;
}

function lineOf(draft: TaskDraft, depth: number, projects: readonly ProjectLike[]): PreviewLine {
  return {
    draft,
    depth,
    project: projects.find((p) => p.id === draft.projectId) ?? null,
    projectNameUnknown: draft.projectName !== null && findProjectByName(projects, draft.projectName) === null,
  };
}

/** One entry per task the text would create; none for blank text. */
export function previewLines(text: string, environment: QuickAddEnvironment): PreviewLine[] {
  if (text.trim() === '') return [];
  const lines = splitQuickAddLines(text, environment.mode);
  if (lines.length <= 1) return [lineOf(quickAddDraft(text.trim(), environment), 0, environment.projects)];
  const depths: number[] = [];
  return lines.map((line, index) => {
    depths[index] = line.parentIndex === null ? 0 : depths[line.parentIndex] + 1;
    return lineOf(quickAddDraft(line.title, environment, line.project), depths[index], environment.projects);
  });
}

/** True when the line carries anything besides its title: only then is a chip row worth showing. */
export function hasRecognisedParts(line: PreviewLine): boolean {
  const { draft } = line;
  return (
    draft.labels.length > 0 ||
    draft.projectName !== null ||
    draft.dueDate !== null ||
    draft.priority !== null ||
    draft.assignees.length > 0 ||
    draft.repeat !== null
  );
}

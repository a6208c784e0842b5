/**
 * How much an import may hold. Each kind has its own limit (ORDO_IMPORT_MAX_TASKS, …), checked on
 * what the file holds before anything is written, so a file over a limit is refused at upload
 * with an error naming the limit.
 */
import { fail } from '../../http/api-error.js';
import type { ImportPlan, PlanProject } from './plan.js';
import { hexColorOf } from './task-values.js';

export interface ImportCounts {
  tasks: number;
  projects: number;
  labels: number;
  comments: number;
  attachments: number;
}

export type ImportCountLimits = ImportCounts;

const NAMES: Record<keyof ImportCounts, [string, string]> = {
  tasks: ['tasks', 'ORDO_IMPORT_MAX_TASKS'],
  projects: ['projects', 'ORDO_IMPORT_MAX_PROJECTS'],
  labels: ['labels', 'ORDO_IMPORT_MAX_LABELS'],
  comments: ['comments', 'ORDO_IMPORT_MAX_COMMENTS'],
  attachments: ['attachments', 'ORDO_IMPORT_MAX_ATTACHMENTS'],
};

/** Throws 30050 naming the first kind over its limit. */
export function checkImportLimits(counts: ImportCounts, limits: ImportCountLimits): void {
  for (const key of Object.keys(NAMES) as (keyof ImportCounts)[]) {
    if (counts[key] > limits[key]) {
      const [noun, variable] = NAMES[key];
      throw fail('importLimitExceeded', [counts[key], noun, limits[key], variable], {
        limit: variable,
        count: counts[key],
        max: limits[key],
      });
    }
  }
}

/**
 * What a plan would write; labels count once per title and colour as the task writer makes them
 * (the title cut to 250 characters, the colour normalised: `#E8445A` and `e8445a` are one label).
 */
export function countPlan(plan: ImportPlan): ImportCounts {
  const counts: ImportCounts = { tasks: 0, projects: 0, labels: 0, comments: 0, attachments: 0 };
  const labels = new Set<string>();
  const visit = (project: PlanProject) => {
    if (!project.existingId) counts.projects++;
    for (const task of project.tasks) {
      counts.tasks++;
      counts.comments += task.comments.length;
      counts.attachments += task.attachments.length;
      for (const label of task.labels)
        labels.add(`${label.title.slice(0, 250)}\u0000${hexColorOf(label.hexColor)}`);
    }
    for (const child of project.children) visit(child);
  };
  for (const project of plan.projects) visit(project);
  for (const label of plan.labels ?? [])
    labels.add(`${label.title.slice(0, 250)}\u0000${hexColorOf(label.hexColor)}`);
  counts.labels = labels.size;
  return counts;
}

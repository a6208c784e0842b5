/**
 * Text read from an import file meets the API's rules before it is written: NUL characters
 * (which PostgreSQL cannot store) are dropped and descriptions and comments are cut to the
 * description limit, as titles are cut to 250 characters by the writers. A file from another
 * app is taken as far as it can be rather than refused for one stray character.
 */
import { FIELD_LIMITS } from '@ordo/core';
import type { ImportPlan, PlanLabel, PlanProject, PlanTask } from './plan.js';

function clean(text: string, limit?: number): string {
  const without = text.includes('\u0000') ? text.replaceAll('\u0000', '') : text;
  if (limit === undefined || without.length <= limit) return without;
  return [...without].slice(0, limit).join('');
}

function cleanLabel(label: PlanLabel): void {
  label.title = clean(label.title);
  label.description = clean(label.description, FIELD_LIMITS.description);
  label.hexColor = clean(label.hexColor);
}

function cleanTask(task: PlanTask): void {
  task.title = clean(task.title);
  task.description = clean(task.description, FIELD_LIMITS.description);
  task.hexColor = clean(task.hexColor);
  for (const comment of task.comments) {
    comment.text = clean(comment.text, FIELD_LIMITS.description);
    if (comment.author) {
      comment.author.username = clean(comment.author.username);
      comment.author.name = clean(comment.author.name);
    }
  }
  task.labels.forEach(cleanLabel);
  for (const attachment of task.attachments) {
    attachment.name = clean(attachment.name);
    attachment.mime = clean(attachment.mime);
  }
}

function cleanProject(project: PlanProject): void {
  project.title = clean(project.title);
  project.description = clean(project.description, FIELD_LIMITS.description);
  project.identifier = clean(project.identifier);
  project.hexColor = clean(project.hexColor);
  for (const bucket of project.buckets) bucket.title = clean(bucket.title);
  for (const task of project.tasks) cleanTask(task);
  for (const child of project.children) cleanProject(child);
}

export function cleanPlanText(plan: ImportPlan): ImportPlan {
  for (const project of plan.projects) cleanProject(project);
  plan.labels?.forEach(cleanLabel);
  return plan;
}

/**
 * Creating a task from the quick-add text (behaviour.md §1.8, spec 2 §5): the parsed project,
 * priority, due date and repeat go into the task; labels are found or created (random palette
 * colour; failures skipped) and attached; assignees are looked up among the project's users and
 * only the ones found are removed from the title.
 */
import {
  parseQuickAdd,
  type QuickAddMagicMode,
  quickAddRepeatFields,
  quickAddTitleAndLabels,
  randomLabelColor,
  removeQuickAddAssignees,
  toIsoSeconds,
} from '@ordo/core';
import type { Project } from '../../api/projects';
import {
  addLabelToTask,
  assignUser,
  createLabel,
  searchLabels,
  searchProjectUsers,
} from '../../api/task-extras';
import { createTask, type Task, taskInput, updateTask } from '../../api/tasks';
import type { User } from '../../api/types';

export interface QuickAddContext {
  mode: QuickAddMagicMode;
  now: Date;
  projects: readonly Project[];
  /** The project of the view the input belongs to. */
  currentProjectId: number;
}

/** Exact title ignoring case, then identifier; null when no project matches. */
export function findProjectByName(projects: readonly Project[], name: string): Project | null {
  const wanted = name.toLowerCase();
  return (
    projects.find((p) => p.id > 0 && p.title.toLowerCase() === wanted) ??
    projects.find((p) => p.id > 0 && p.identifier && p.identifier.toLowerCase() === wanted) ??
    null
  );
}

/** Username, then name, then e-mail; with a single search result a partial match is accepted. */
export function pickUser(results: readonly User[], name: string): User | null {
  const wanted = name.toLowerCase();
  return (
    results.find((u) => u.username.toLowerCase() === wanted) ??
    results.find((u) => u.name.toLowerCase() === wanted) ??
    results.find((u) => u.email?.toLowerCase() === wanted) ??
    (results.length === 1 ? results[0] : null)
  );
}

async function labelFor(title: string): Promise<number | null> {
  try {
    const found = (await searchLabels(title)).find((l) => l.title.toLowerCase() === title.toLowerCase());
    return (found ?? (await createLabel(title, randomLabelColor()))).id;
  } catch {
    // Creating labels can be refused (a link share): the task is still created without it.
    return null;
  }
}

export async function createQuickAddTask(input: string, context: QuickAddContext): Promise<Task> {
  const parsed = parseQuickAdd(input, { mode: context.mode, now: context.now });
  const { title, labels } = quickAddTitleAndLabels(input, parsed);
  const project = parsed.project ? findProjectByName(context.projects, parsed.project) : null;
  const projectId = project?.id ?? context.currentProjectId;
  const repeat = quickAddRepeatFields(parsed.repeats);
  let task = await createTask(projectId, {
    title,
    ...(parsed.date ? { dueDate: toIsoSeconds(parsed.date) } : {}),
    ...(parsed.priority !== null ? { priority: parsed.priority } : {}),
    ...(repeat ?? {}),
  });

  const labelIds = await Promise.all(labels.map(labelFor));
  for (const id of labelIds) if (id !== null) await addLabelToTask(task.id, id);

  if (parsed.assignees.length > 0) {
    const found: string[] = [];
    for (const name of parsed.assignees) {
      const user = pickUser(await searchProjectUsers(projectId, name).catch(() => []), name);
      if (!user) continue;
      await assignUser(task.id, user.id).catch(() => undefined);
      found.push(name);
    }
    const cleaned = removeQuickAddAssignees(task.title, found, context.mode);
    if (cleaned && cleaned !== task.title)
      task = await updateTask(task.id, { ...taskInput(task), title: cleaned });
  }
  return task;
}

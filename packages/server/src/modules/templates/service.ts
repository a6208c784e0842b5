/**
 * Templates: a user saves a project (its views, buckets, tasks with their labels, reminders,
 * relations, positions and buckets) or a task as a template, and creates new projects or tasks
 * from it. A template is its owner's alone: anyone else gets 30110, as for one that never existed.
 * Saving needs read on what is saved; creating needs write where the new item goes. Assignees and
 * attachments are not kept (a template is a shape, not a copy of people and files); labels the
 * user can no longer see are left off when it is used.
 */
import { randomUUID } from 'node:crypto';
import { defaultPosition, nowIso, Right, type Template, wholeDaysBetween } from '@ordo/core';
import type { Kysely } from 'kysely';
import type { Database, TemplateRow } from '../../db/schema.js';
import { fail, invalidFields } from '../../http/api-error.js';
import { savedFieldValues, writeSavedFieldValues } from '../custom-fields/saved-values.js';
import { titleProblem } from '../input/fields.js';
import type { LabelsRepo } from '../labels/repo.js';
import type { LabelsService } from '../labels/service.js';
import type { NotificationEvents } from '../notifications/events.js';
import { ProjectContentRepo } from '../projects/project-content-repo.js';
import type { ProjectsRepo } from '../projects/repo.js';
import type { SerializedProject } from '../projects/serialize.js';
import type { ProjectsService } from '../projects/service.js';
import { sanitizeRichText } from '../rich-text/sanitize.js';
import type { ProjectAccess } from '../rights/project-access.js';
import type { SerializedTask } from '../tasks/serialize.js';
import type { TasksService } from '../tasks/service.js';
import type { TemplatesRepo } from './repo.js';
import { type ProjectTemplateBody, shiftContent, shiftTask, type TaskTemplateBody } from './template-body.js';

type Summary = Omit<TemplateRow, 'body'>;

function serialize(row: Summary): Template {
  return {
    id: row.id,
    kind: row.kind === 'task' ? 'task' : 'project',
    title: row.title,
    task_count: row.task_count,
    created: row.created,
    updated: row.updated,
  };
}

/** Whole days from when a template was saved until now: how far its dates move. */
function daysSince(saved: string): number {
  return wholeDaysBetween(new Date(saved), new Date());
}

function readTitle(title: string | undefined, fallback: string): string {
  const chosen = (title ?? fallback).trim();
  const problem = titleProblem(chosen);
  if (problem) throw invalidFields([problem]);
  return chosen;
}

export class TemplatesService {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly repo: TemplatesRepo,
    private readonly access: ProjectAccess,
    private readonly projects: ProjectsRepo,
    private readonly projectService: ProjectsService,
    private readonly tasks: TasksService,
    private readonly labels: LabelsService,
    private readonly labelRows: LabelsRepo,
    private readonly events: NotificationEvents,
    /** The most tasks a project template holds: enough for a real plan, small enough to copy at once. */
    private readonly maxTasks: number,
  ) {}

  async list(userId: number): Promise<Template[]> {
    return (await this.repo.listOf(userId)).map(serialize);
  }

  async get(userId: number, id: number): Promise<Template> {
    const row = await this.repo.summary(id);
    if (!row || row.owner_id !== userId) throw fail('templateDoesNotExist');
    return serialize(row);
  }

  /** Saves the project's content as it is now; needs read on it. */
  async saveProject(userId: number, projectId: number, title?: string): Promise<Template> {
    if (projectId < 0) throw fail('projectDoesNotExist');
    const { project } = await this.access.demand(userId, projectId, Right.read);
    const name = readTitle(title, project.title);
    const count = await this.repo.countTasks(projectId);
    if (count > this.maxTasks) throw fail('templateTooLarge', [this.maxTasks, count]);
    // One transaction, so the rows read belong together.
    const content = await this.db.transaction().execute((trx) => new ProjectContentRepo(trx).read(projectId));
    const body: ProjectTemplateBody = {
      saved: nowIso(),
      project: { description: project.description, hex_color: project.hex_color },
      content: {
        ...content,
        tasks: content.tasks.map((t) => ({ ...t, cover_image_attachment_id: 0 })),
        assignees: [],
        // People are not kept (as assignees are not): `user` values are left out.
        fieldValues: (content.fieldValues ?? []).filter(
          (v) => !(content.fields ?? []).some((f) => f.id === v.field_id && f.kind === 'user'),
        ),
      },
    };
    return this.insert(userId, 'project', name, content.tasks.length, body);
  }

  /** Saves the task's fields, reminders and labels; needs read on it. */
  async saveTask(userId: number, taskId: number, title?: string): Promise<Template> {
    const { task } = await this.tasks.demand(userId, taskId, Right.read);
    const name = readTitle(title, task.title);
    const [labels, reminders, customFields] = await Promise.all([
      this.labelRows.labelsOfTasks([task.id]),
      this.repo.remindersOf(task.id),
      savedFieldValues(this.db, task),
    ]);
    const body: TaskTemplateBody = {
      saved: nowIso(),
      task: {
        title: task.title,
        description: task.description,
        done: !!task.done,
        due_date: task.due_date,
        start_date: task.start_date,
        end_date: task.end_date,
        repeat_after: task.repeat_after,
        repeat_mode: task.repeat_mode,
        priority: task.priority,
        hex_color: task.hex_color,
        percent_done: task.percent_done,
      },
      // A relative reminder is stored with its computed time; the create computes it again.
      reminders: reminders.map((r) => (r.relative_to ? { ...r, reminder: null } : r)),
      label_ids: labels.map((l) => l.id),
      custom_fields: customFields,
    };
    return this.insert(userId, 'task', name, 1, body);
  }

  async rename(userId: number, id: number, title: string | undefined): Promise<Template> {
    await this.get(userId, id);
    await this.repo.rename(id, readTitle(title, ''), nowIso());
    return this.get(userId, id);
  }

  async delete(userId: number, id: number): Promise<void> {
    await this.get(userId, id);
    await this.repo.delete(id);
  }

  /** A new project from a project template, under `parentId` (0: top level), in one transaction. */
  async createProject(
    userId: number,
    id: number,
    input: { title?: string; parent_project_id?: number },
  ): Promise<SerializedProject> {
    const template = await this.own(userId, id, 'project');
    const title = readTitle(input.title, template.title);
    const parentId = input.parent_project_id ?? 0;
    if (parentId < 0) throw fail('projectPseudoParent');
    if (parentId > 0) await this.access.demand(userId, parentId, Right.write);
    const body = JSON.parse(template.body) as ProjectTemplateBody;
    const content = shiftContent(body.content, daysSince(body.saved));
    const usable = await this.labels.visibleIds(userId, [...new Set(content.labels.map((l) => l.label_id))]);
    const newId = await this.db.transaction().execute(async (trx) => {
      const repo = this.projects.with(trx);
      const project = await repo.insert({
        title,
        description: sanitizeRichText(body.project.description),
        identifier: '',
        hex_color: body.project.hex_color,
        owner_id: userId,
        parent_project_id: parentId,
        position: 0,
      });
      await repo.update(project.id, { position: defaultPosition(project.id) });
      await new ProjectContentRepo(trx).write(
        { ...content, labels: content.labels.filter((l) => usable.has(l.label_id)) },
        project.id,
        { userId, newUid: randomUUID, createdBy: userId },
      );
      return project.id;
    });
    // As for any new project: live clients and subscribers of the parent hear of it.
    await this.events.projectCreated(userId, newId);
    return (await this.projectService.read(userId, newId)).project;
  }

  /** A new task from a task template in the project; its labels go in the same transaction. */
  async createTask(userId: number, id: number, projectId: number): Promise<SerializedTask> {
    const template = await this.own(userId, id, 'task');
    const saved = JSON.parse(template.body) as TaskTemplateBody;
    const body = shiftTask(saved, daysSince(saved.saved));
    const usable = await this.labels.visibleIds(userId, body.label_ids);
    const labelIds = body.label_ids.filter((l) => usable.has(l));
    return this.tasks.create(
      userId,
      projectId,
      { ...body.task, reminders: body.reminders },
      async (trx, taskId) => {
        if (labelIds.length > 0) await this.labelRows.with(trx).attach(taskId, labelIds);
        await writeSavedFieldValues(trx, { id: taskId, project_id: projectId }, body.custom_fields ?? []);
      },
    );
  }

  private async own(userId: number, id: number, kind: 'project' | 'task'): Promise<TemplateRow> {
    const row = await this.repo.find(id);
    if (!row || row.owner_id !== userId) throw fail('templateDoesNotExist');
    if (row.kind !== kind) throw fail('templateOfOtherKind');
    return row;
  }

  private async insert(userId: number, kind: string, title: string, taskCount: number, body: object) {
    const now = nowIso();
    const id = await this.repo.insert({
      owner_id: userId,
      kind,
      title,
      task_count: taskCount,
      body: JSON.stringify(body),
      created: now,
      updated: now,
    });
    return this.get(userId, id);
  }
}

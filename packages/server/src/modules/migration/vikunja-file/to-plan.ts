/**
 * A Vikunja export's data.json in Ordo's terms. The file is an array of projects, flat with
 * `parent_project_id` (or nested in `child_projects`); each carries its `tasks` (with labels,
 * comments, reminders, related tasks and attachments that name a `files/<id>` entry of the zip),
 * its kanban `buckets`, its `views` (which bucket is the default and the done one) and, since
 * Vikunja 0.24, `task_buckets` and `positions` per view. Exports before 0.21 hold namespaces
 * with `lists`; a namespace becomes a parent project of its lists.
 */
import { isRelationKind, isReminderBase, type ReminderSpec } from '@ordo/core';
import {
  emptyProject,
  emptyTask,
  type PlanAttachment,
  type PlanComment,
  type PlanLabel,
  type PlanProject,
  type PlanRelation,
  type PlanTask,
} from '../plan.js';
import { clampPercentDone, clampPriority, clampRepeatAfter, repeatModeOf } from '../task-values.js';
import {
  dateOf,
  flagOf,
  type JsonObject,
  keyOf,
  numberOf,
  objectOf,
  objectsOf,
  textOf,
} from './json-values.js';

/** Opens an attachment's bytes by the file id the export names, or undefined when it has none. */
export type AttachmentSource = (fileId: string, name: string, mime: string) => PlanAttachment | undefined;

/** What the file tells of how to read it beyond its data. */
export interface ExportSource {
  attachment: AttachmentSource;
  /**
   * The id of the account the export is of, when the file names it (Ordo's exports): its
   * comments are the importing user's own. Vikunja's data.json names none.
   */
  accountId?: string;
}

export function vikunjaExportToPlan(data: unknown[], source: ExportSource): PlanProject[] {
  const nodes = flatten(data.map(objectOf), null);
  // Namespaces (old exports) have ids of their own, which may equal a project's.
  const byId = new Map<string, JsonObject>();
  for (const { item } of nodes) {
    const id = keyOf(item.id);
    if (id && !Array.isArray(item.lists)) byId.set(id, item);
  }
  const children = new Map<JsonObject, JsonObject[]>();
  const roots: JsonObject[] = [];
  for (const { item, parent: nestedIn } of nodes) {
    const parent = nestedIn ?? byId.get(keyOf(item.parent_project_id));
    if (parent && parent !== item) children.set(parent, [...(children.get(parent) ?? []), item]);
    else roots.push(item);
  }
  const seen = new Set<JsonObject>();
  const build = (item: JsonObject): PlanProject => {
    seen.add(item);
    const project = projectOf(item, source);
    project.children = (children.get(item) ?? []).filter((c) => !seen.has(c)).map(build);
    return project;
  };
  const plan = roots.map(build);
  // Projects caught in a parent cycle have no root; they come in at the top.
  for (const { item } of nodes) if (!seen.has(item)) plan.push(build(item));
  return plan;
}

interface Node {
  item: JsonObject;
  /** The project or namespace it is nested in; null when its parent is named by id. */
  parent: JsonObject | null;
}

/** Every project of the file, nested ones (child_projects, a namespace's lists) included. */
function flatten(items: JsonObject[], parent: JsonObject | null): Node[] {
  const out: Node[] = [];
  for (const item of items) {
    out.push({ item, parent });
    out.push(...flatten(objectsOf(item.child_projects), item));
    out.push(...flatten(objectsOf(item.lists), item));
  }
  return out;
}

const VIEW_KINDS: Record<string, string> = { '0': 'list', '1': 'gantt', '2': 'table', '3': 'kanban' };

function kanbanViewOf(node: JsonObject): JsonObject | undefined {
  return objectsOf(node.views).find((v) => {
    const kind = textOf(v.view_kind) || VIEW_KINDS[String(v.view_kind)];
    return kind === 'kanban';
  });
}

function projectOf(node: JsonObject, source: ExportSource): PlanProject {
  const project = emptyProject(textOf(node.title).trim() || 'Imported project');
  project.description = textOf(node.description);
  project.identifier = textOf(node.identifier);
  project.hexColor = textOf(node.hex_color);
  project.isArchived = flagOf(node.is_archived);
  project.isFavorite = flagOf(node.is_favorite);

  const kanban = kanbanViewOf(node);
  const kanbanId = kanban ? keyOf(kanban.id) : '';
  const buckets = objectsOf(node.buckets).filter(
    (b) => !kanbanId || !keyOf(b.project_view_id) || keyOf(b.project_view_id) === kanbanId,
  );
  buckets.sort((a, b) => numberOf(a.position) - numberOf(b.position));
  project.buckets = buckets
    .filter((b) => keyOf(b.id))
    .map((b) => ({
      key: keyOf(b.id),
      title: textOf(b.title) || 'Bucket',
      limit: Math.max(0, numberOf(b.limit)),
    }));
  const bucketKeys = new Set(project.buckets.map((b) => b.key));
  const known = (key: string) => (bucketKeys.has(key) ? key : null);
  project.defaultBucketKey = known(keyOf(kanban?.default_bucket_id ?? node.default_bucket_id));
  project.doneBucketKey = known(keyOf(kanban?.done_bucket_id ?? node.done_bucket_id));

  const bucketOfTask = new Map<string, string>();
  // Vikunja lists them per project; Ordo's exports name each task's buckets on the task.
  const taskBuckets = [
    ...objectsOf(node.task_buckets),
    ...objectsOf(node.tasks).flatMap((t) =>
      objectsOf(t.buckets).map((b) => ({
        task_id: t.id,
        bucket_id: b.id,
        project_view_id: b.project_view_id,
      })),
    ),
  ];
  for (const tb of taskBuckets) {
    if (!kanbanId || keyOf(tb.project_view_id) === kanbanId)
      bucketOfTask.set(keyOf(tb.task_id), keyOf(tb.bucket_id));
  }
  const listView = objectsOf(node.views).find(
    (v) => (textOf(v.view_kind) || VIEW_KINDS[String(v.view_kind)]) === 'list',
  );
  const positionOf = new Map<string, number>();
  for (const p of objectsOf(node.positions)) {
    if (!listView || keyOf(p.project_view_id) === keyOf(listView.id))
      positionOf.set(keyOf(p.task_id), numberOf(p.position));
  }

  // Ordo's exports: the project's custom fields, and each task's values by field id.
  project.customFields = objectsOf(node.custom_fields)
    .filter((f) => keyOf(f.id))
    .map((f) => ({
      key: keyOf(f.id),
      title: textOf(f.title),
      kind: textOf(f.kind),
      options: Array.isArray(f.options) ? f.options.map((o) => textOf(o)) : [],
      showOnCards: f.show_on_cards === true,
    }));

  const tasks = objectsOf(node.tasks)
    .filter((t) => keyOf(t.id))
    .map((t) => {
      const task = taskOf(t, source);
      task.bucketKey = known(bucketOfTask.get(task.key) ?? keyOf(t.bucket_id));
      return { task, order: positionOf.get(task.key) ?? (numberOf(t.position) || numberOf(t.index)) };
    });
  tasks.sort((a, b) => a.order - b.order || a.task.index - b.task.index);
  project.tasks = tasks.map((t) => t.task);
  return project;
}

function taskOf(t: JsonObject, source: ExportSource): PlanTask {
  const task = emptyTask(keyOf(t.id), textOf(t.title).trim() || 'Untitled task');
  task.description = textOf(t.description);
  task.done = flagOf(t.done);
  task.doneAt = task.done ? dateOf(t.done_at) : null;
  task.dueDate = dateOf(t.due_date);
  task.startDate = dateOf(t.start_date);
  task.endDate = dateOf(t.end_date);
  task.priority = clampPriority(numberOf(t.priority));
  task.percentDone = clampPercentDone(numberOf(t.percent_done));
  task.hexColor = textOf(t.hex_color);
  task.repeatAfter = clampRepeatAfter(numberOf(t.repeat_after));
  task.repeatMode = repeatModeOf(numberOf(t.repeat_mode));
  task.created = dateOf(t.created);
  task.index = Math.max(0, Math.round(numberOf(t.index)));
  task.isFavorite = flagOf(t.is_favorite);
  task.reminders = remindersOf(t);
  task.labels = labelsOf(t.labels);
  task.comments = objectsOf(t.comments)
    .sort((a, b) => textOf(a.created).localeCompare(textOf(b.created)))
    .filter((c) => textOf(c.comment).trim() !== '')
    .map((c) => commentOf(c, source));
  task.attachments = objectsOf(t.attachments).flatMap((a) => {
    const file = objectOf(a.file);
    const found = source.attachment(keyOf(file.id), textOf(file.name) || 'file', textOf(file.mime));
    return found ? [found] : [];
  });
  task.relations = relationsOf(t);
  task.customValues = Object.entries(objectOf(t.custom_fields)).map(([fieldKey, value]) => ({
    fieldKey,
    value,
  }));
  return task;
}

/**
 * A comment keeps its date and names its author: the account's own (when the file says which)
 * needs no name, anyone else's is written starting with theirs (task-writer.ts).
 */
function commentOf(c: JsonObject, source: ExportSource): PlanComment {
  const author = objectOf(c.author);
  const own = source.accountId !== undefined && keyOf(author.id) === source.accountId;
  const username = textOf(author.username);
  return {
    text: textOf(c.comment),
    created: dateOf(c.created),
    author: own || (!username && !textOf(author.name)) ? null : { username, name: textOf(author.name) },
  };
}

/** Labels as the API shows them (a task's, or Ordo's labels.json); untitled ones are left out. */
export function labelsOf(value: unknown): PlanLabel[] {
  return objectsOf(value)
    .filter((l) => textOf(l.title).trim())
    .map((l) => ({
      title: textOf(l.title).trim(),
      hexColor: textOf(l.hex_color),
      description: textOf(l.description),
    }));
}

function remindersOf(t: JsonObject): ReminderSpec[] {
  const specs: ReminderSpec[] = [];
  for (const r of objectsOf(t.reminders)) {
    const relativeTo = textOf(r.relative_to);
    if (relativeTo && isReminderBase(relativeTo)) {
      specs.push({ reminder: null, relativePeriod: Math.round(numberOf(r.relative_period)), relativeTo });
    } else {
      const at = dateOf(r.reminder);
      if (at) specs.push({ reminder: at, relativePeriod: 0, relativeTo: null });
    }
  }
  // Exports before 0.22 list plain reminder dates.
  if (Array.isArray(t.reminder_dates)) {
    for (const value of t.reminder_dates) {
      const at = dateOf(value);
      if (at) specs.push({ reminder: at, relativePeriod: 0, relativeTo: null });
    }
  }
  return specs;
}

function relationsOf(t: JsonObject): PlanRelation[] {
  const out: PlanRelation[] = [];
  for (const [kind, others] of Object.entries(objectOf(t.related_tasks))) {
    if (!isRelationKind(kind)) continue;
    for (const other of objectsOf(others)) {
      const otherKey = keyOf(other.id);
      if (otherKey) out.push({ kind, otherKey });
    }
  }
  return out;
}

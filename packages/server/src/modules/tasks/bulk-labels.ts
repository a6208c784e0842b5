/**
 * Ordo's `add_label_ids` / `remove_label_ids` on `POST /tasks/bulk`: the labels are checked as the
 * single-task label endpoints check them (1004 for an unknown label, 403 for one the user may not
 * use), then written inside the bulk edit's own transaction, with one insert and one delete for
 * all tasks.
 */
import type { Kysely } from 'kysely';
import { selectInChunks } from '../../db/id-chunks.js';
import type { Database, TaskRow } from '../../db/schema.js';
import { fail } from '../../http/api-error.js';
import { recordLabelChange } from '../activity/task-history.js';
import type { LabelsRepo } from '../labels/repo.js';
import type { LabelsService } from '../labels/service.js';
import type { PublishChanges } from '../live/publisher.js';

export interface LabelChange {
  add: number[];
  remove: number[];
}

export class BulkLabels {
  constructor(
    private readonly labels: LabelsRepo,
    private readonly labelService: LabelsService,
    private readonly publish: PublishChanges,
  ) {}

  /** The change the body asks for, checked; a label both added and removed is added. */
  async demandUsable(
    userId: number,
    add: readonly number[],
    remove: readonly number[],
  ): Promise<LabelChange> {
    const adding = [...new Set(add)];
    const removing = [...new Set(remove)].filter((id) => !adding.includes(id));
    const named = [...adding, ...removing];
    if (named.length === 0) return { add: [], remove: [] };
    const existing = await this.labels.findMany(named);
    if (existing.length !== named.length) throw fail('labelDoesNotExist');
    const visible = await this.labelService.visibleIds(userId, named);
    if (named.some((id) => !visible.has(id))) throw fail('forbidden');
    return { add: adding, remove: removing };
  }

  /** Inside the bulk edit's transaction; answers the ids of the tasks whose labels changed. */
  async write(trx: Kysely<Database>, userId: number, tasks: readonly TaskRow[], change: LabelChange) {
    if (change.add.length === 0 && change.remove.length === 0) return [];
    const repo = this.labels.with(trx);
    const ids = tasks.map((t) => t.id);
    const current = await selectInChunks(ids, (part) => repo.labelsOfTasks(part));
    const changed: number[] = [];
    const additions: { task_id: number; label_id: number }[] = [];
    for (const task of tasks) {
      const before = current.filter((l) => l.task_id === task.id).map((l) => l.id);
      const added = change.add.filter((id) => !before.includes(id));
      const after = [...before.filter((id) => !change.remove.includes(id)), ...added];
      if (added.length === 0 && after.length === before.length) continue;
      for (const label_id of added) additions.push({ task_id: task.id, label_id });
      await recordLabelChange(trx, task, userId, before, after);
      changed.push(task.id);
    }
    await repo.detachFromTasks(changed, change.remove);
    await repo.attachPairs(additions);
    return changed;
  }

  /** After commit: each changed task's project shows it, as a single label change does. */
  told(userId: number, projectId: number, taskIds: readonly number[]): void {
    if (taskIds.length === 0) return;
    this.publish(
      ...taskIds.map((taskId) => ({
        change: 'task.labels.changed' as const,
        projectId,
        actorId: userId,
        taskId,
      })),
    );
  }
}

/**
 * Fills `related_tasks` on a page of tasks with one query: related tasks grouped by kind, only
 * those the caller can read, each with `related_tasks: null` as Vikunja nests them.
 */
import type { RightsService } from '../rights/service.js';
import type { TaskDetailLoader } from '../tasks/details.js';
import { baseTask } from '../tasks/serialize.js';
import type { RelationsRepo } from './repo.js';

export function relationsLoader(repo: RelationsRepo, rights: RightsService): TaskDetailLoader {
  return {
    async load(page) {
      const rows = await repo.relatedOf(page.ids, rights.visibleProjectIds(page.userId));
      return (tasks) => {
        for (const { base_task_id, relation_kind, project_identifier, ...row } of rows) {
          const task = tasks.get(base_task_id);
          if (!task) continue;
          const nested = {
            ...baseTask(row),
            identifier: project_identifier ? `${project_identifier}-${row.index}` : `#${row.index}`,
            related_tasks: null,
          };
          task.related_tasks[relation_kind] ??= [];
          task.related_tasks[relation_kind].push(nested);
        }
      };
    },
  };
}

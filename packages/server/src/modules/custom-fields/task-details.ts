/** Fills `custom_fields` on a page of tasks: one query for the values, one for the users they name. */
import type { TaskDetailLoader } from '../tasks/details.js';
import type { CustomFieldsRepo, KindedValueRow } from './repo.js';
import { normalValue, wireValue } from './serialize.js';

export function customFieldsLoader(repo: CustomFieldsRepo): TaskDetailLoader {
  return {
    async load(page) {
      const rows = await repo.valuesOfTasks(page.ids);
      if (rows.length === 0) return () => {};
      const userIds = [...new Set(rows.filter((r) => r.kind === 'user').map((r) => Number(r.num_value)))];
      const users = new Map((await repo.users(userIds)).map((u) => [u.id, u]));
      // task → field → its rows, in the order written.
      const byTask = new Map<number, Map<number, KindedValueRow[]>>();
      for (const row of rows) {
        let fields = byTask.get(row.task_id);
        if (!fields) {
          fields = new Map();
          byTask.set(row.task_id, fields);
        }
        const list = fields.get(row.field_id);
        if (list) list.push(row);
        else fields.set(row.field_id, [row]);
      }
      return (tasks) => {
        for (const [taskId, fields] of byTask) {
          const task = tasks.get(taskId);
          if (!task) continue;
          for (const [fieldId, list] of fields) {
            const normal = normalValue(list[0].kind, list);
            const value = normal === undefined ? undefined : wireValue(list[0].kind, normal, users);
            if (value !== undefined) task.custom_fields[String(fieldId)] = value;
          }
        }
      };
    },
  };
}

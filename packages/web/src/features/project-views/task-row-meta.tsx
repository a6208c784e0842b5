/**
 * The right-hand side of a task row in the list view and on the upcoming page: priority (when it
 * matters), due date and assignees. On narrow screens it moves under the title, or hides when empty.
 */
import { Group } from '@mantine/core';
import type { Task } from '../../api/tasks';
import { showsPriority } from './task-display';
import { Assignees, DueDate, PriorityBadge } from './task-parts';
import classes from './task-row-meta.module.css';

export function TaskRowMeta({
  task,
  now,
  minimumPriority,
}: {
  task: Task;
  now: Date;
  minimumPriority: number;
}) {
  return (
    <Group gap="xs" wrap="nowrap" className={classes.meta}>
      {showsPriority(task, minimumPriority) && <PriorityBadge priority={task.priority} />}
      <DueDate task={task} now={now} />
      <Assignees users={task.assignees} />
    </Group>
  );
}

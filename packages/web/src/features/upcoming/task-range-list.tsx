/**
 * Tasks of a date range (the upcoming screen and the overview), each with its project: done
 * checkbox, title (opens the detail over this page), labels, priority, due date, assignees. A task
 * marked done stays, at the end. Empty: a message with an illustration, shown after 100 ms so a
 * fast load does not flash it.
 */
import { Alert, Button, Center, Checkbox, Stack, Text } from '@mantine/core';
import { Right } from '@ordo/core';
import { memo, useDeferredValue, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Project } from '../../api/projects';
import type { Task } from '../../api/tasks';
import { errorText } from '../../i18n/error-text';
import { DelayedLoader, useDelayedFlag } from '../../ui/delayed-loader';
import { useSignedInUser } from '../auth/use-current-user';
import { LabelBadges } from '../project-views/task-parts';
import projectLinkClasses from '../project-views/task-project-link.module.css';
import { TaskRowMeta } from '../project-views/task-row-meta';
import { useNow } from '../project-views/use-now';
import { useOpenTask } from '../project-views/use-open-task';
import { useTaskDone } from '../project-views/use-task-done';
import { projectTitle } from '../projects/project-title';
import { useProjects } from '../projects/use-projects';
import { NoTasksIllustration } from './no-tasks-illustration';
import classes from './task-range-list.module.css';
import { doneLast, type TaskRange, useRangeTasks } from './upcoming-tasks';

const NO_TASKS: Task[] = [];

function canWrite(project: Project | undefined): boolean {
  return !!project && !project.isArchived && (project.maxRight ?? Right.read) > Right.read;
}

export function TaskRangeList({ range, label }: { range: TaskRange; label: string }) {
  const { t } = useTranslation();
  const query = useRangeTasks(range);
  const projects = useProjects().data;
  const byId = useMemo(() => new Map((projects ?? []).map((p) => [p.id, p])), [projects]);
  const loaded = useMemo(() => doneLast(query.data?.pages.flatMap((page) => page.tasks) ?? []), [query.data]);
  // The rows (50 a page, each with its checkbox and badges) render in a deferred pass, which
  // React splits into short slices: on a slow phone the page around them stays responsive
  // instead of blocking for the whole list at once. Until then the list keeps what it showed;
  // on the first draw that is nothing, also when the tasks come from the cache kept offline.
  const tasks = useDeferredValue(loaded, NO_TASKS);
  const user = useSignedInUser();
  const now = useNow();
  const openTask = useOpenTask();
  // No view to refresh: here a task marked done stays in the list, moved to the end.
  const toggleDone = useTaskDone(0, 0);
  const showEmpty = useDelayedFlag(query.isSuccess && loaded.length === 0);

  if (query.isPending) return <DelayedLoader label={t('projectViews.loading')} />;
  if (query.isError) return <Alert color="red">{errorText(query.error, t)}</Alert>;
  if (loaded.length === 0) {
    if (!showEmpty) return null;
    return (
      <Center py="xl">
        <Stack align="center" gap="sm">
          <NoTasksIllustration />
          <Text fw={600} size="lg">
            {t('upcoming.empty')}
          </Text>
        </Stack>
      </Center>
    );
  }

  // The first rows are on their way (the deferred pass above).
  if (tasks.length === 0) return null;

  return (
    <Stack gap="sm">
      <ul className={classes.list} aria-label={label}>
        {tasks.map((task) => (
          <RangeTaskRow
            key={task.id}
            task={task}
            project={byId.get(task.projectId)}
            minimumPriority={user.settings.frontendSettings.minimumPriority}
            now={now}
            onToggleDone={toggleDone}
            onOpen={openTask}
          />
        ))}
      </ul>
      {query.hasNextPage && (
        <Center>
          <Button
            variant="default"
            loading={query.isFetchingNextPage}
            onClick={() => void query.fetchNextPage()}
          >
            {t('upcoming.more')}
          </Button>
        </Center>
      )}
    </Stack>
  );
}

// Memoised: the list draws again when its query's state changes (a refetch starts or ends), and
// the rows it already shows stay as they are.
const RangeTaskRow = memo(function RangeTaskRow({
  task,
  project,
  minimumPriority,
  now,
  onToggleDone,
  onOpen,
}: {
  task: Task;
  project: Project | undefined;
  minimumPriority: number;
  now: Date;
  onToggleDone: (task: Task, done: boolean) => void;
  onOpen: (taskId: number) => void;
}) {
  const { t } = useTranslation();
  const writable = canWrite(project);
  return (
    <li className={classes.row} data-done={task.done || undefined} data-task-id={task.id}>
      {/* Mantine's checkbox, not ui/row-checkbox: these rows are drawn once, not while
          scrolling, and the shared one here moved a chunk into the entry, over its budget. */}
      <Checkbox
        checked={task.done}
        disabled={!writable}
        radius="xl"
        size="md"
        onChange={(event) => onToggleDone(task, event.currentTarget.checked)}
        aria-label={
          task.done
            ? t('projectViews.markUndone', { title: task.title })
            : t('projectViews.markDone', { title: task.title })
        }
      />
      <div className={classes.main}>
        {project && (
          <Link to={`/projects/${project.id}`} className={projectLinkClasses.projectLink}>
            {projectTitle(project, t)}
          </Link>
        )}
        <a
          href={`/tasks/${task.id}`}
          className={classes.title}
          onClick={(event) => {
            if (event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
            event.preventDefault();
            onOpen(task.id);
          }}
        >
          {task.title}
        </a>
        <LabelBadges labels={task.labels} />
      </div>
      <TaskRowMeta task={task} now={now} minimumPriority={minimumPriority} />
    </li>
  );
});

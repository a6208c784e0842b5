/**
 * The kanban view (spec 2 §4 "Kanban", behaviour.md §10): buckets side by side, cards dragged
 * within and across buckets and buckets dragged to reorder (pointer, touch or keyboard: Space
 * lifts, arrows move, Space drops, Escape cancels). Moves show at once and are put back when the
 * server refuses them; a full bucket refuses cards before anything is sent. Cards of a project's
 * board can be picked (see kanban-card) and changed together from the bulk bar.
 */
import {
  type Announcements,
  type CollisionDetection,
  closestCenter,
  closestCorners,
  DndContext,
  type DragEndEvent,
  type DragOverEvent,
  DragOverlay,
  type DragStartEvent,
  getFirstCollision,
  pointerWithin,
  rectIntersection,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { arrayMove, horizontalListSortingStrategy, SortableContext } from '@dnd-kit/sortable';
import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Task } from '../../../api/tasks';
import { lazyPage } from '../../../app/lazy-page';
import { errorText } from '../../../i18n/error-text';
import type { ConfirmModalProps } from '../../../ui/confirm-modal';
import { DelayedLoader } from '../../../ui/delayed-loader';
import { showError } from '../../../ui/notices';
import { OnceOpened } from '../../../ui/once-opened';
import { useRefocusWhenBack } from '../../../ui/refocus-when-back';
import { useSlicedArrival } from '../../../ui/use-sliced-arrival';
import { useSignedInUser } from '../../auth/use-current-user';
import { isFilterError } from '../../filters/filter-error';
import { TaskFilterBar } from '../../filters/task-filter-bar';
import { taskFilterQuery, useUrlTaskFilter } from '../../filters/use-url-task-filter';
import { SelectionBulkBar } from '../selection/selection-bulk-bar';
import { useTaskSelection } from '../selection/use-task-selection';
import { useTaskDragSensors } from '../task-drag-sensors';
import { cardDrop } from '../task-drop';
import { useNow } from '../use-now';
import { useOpenTask } from '../use-open-task';
import type { ProjectViewProps } from '../view-props';
import { boardKeyboardCoordinates } from './board-keyboard';
import { type Board, type BoardBucket, isBucketFull } from './board-state';
import type { BucketActions } from './bucket-actions';
import { collapsedBuckets, setBucketCollapsed } from './collapsed-buckets';
import classes from './kanban.module.css';
import { bucketId, KanbanBucket } from './kanban-bucket';
import { cardId, DraggedCard } from './kanban-card';
import { useKanbanBoard } from './use-kanban-board';

// Asked only when a bucket is deleted: the board draws without Mantine's Modal.
const ConfirmModal = lazyPage<'ConfirmModal', ConfirmModalProps>(
  () => import('../../../ui/confirm-modal'),
  'ConfirmModal',
);

/** Bucket id → the ids of its shown cards, while a card is dragged. */
type Columns = Record<number, number[]>;

function columnsOf(board: Board): Columns {
  return Object.fromEntries(board.buckets.map((b) => [b.id, b.tasks.map((t) => t.id)]));
}

function idNumber(id: UniqueIdentifier): number {
  return Number(String(id).replace(/^\D+-/, ''));
}

function isBucketId(id: UniqueIdentifier): boolean {
  return String(id).startsWith('bucket-');
}

function containerOf(id: UniqueIdentifier, columns: Columns): number | null {
  if (isBucketId(id)) return idNumber(id);
  const taskId = idNumber(id);
  for (const [bucket, ids] of Object.entries(columns)) if (ids.includes(taskId)) return Number(bucket);
  return null;
}

function NewBucket({ onCreate, saving }: { onCreate: (title: string) => Promise<unknown>; saving: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const back = useRefocusWhenBack<HTMLButtonElement>(!open);
  const close = () => {
    back.refocusOnReturn();
    setOpen(false);
  };
  async function submit() {
    if (!title.trim()) {
      setError(t('projectViews.kanban.bucketTitleRequired'));
      return;
    }
    try {
      await onCreate(title.trim());
      setTitle('');
      close();
    } catch {
      // The notice has been shown; the text stays for another try.
    }
  }
  if (!open)
    return (
      <Button
        ref={back.ref}
        variant="light"
        color="gray"
        leftSection={<IconPlus size={16} />}
        className={classes.newBucketButton}
        onClick={() => setOpen(true)}
      >
        {t('projectViews.kanban.newBucket')}
      </Button>
    );
  return (
    <div className={classes.newBucket}>
      <TextInput
        autoFocus
        size="sm"
        value={title}
        error={error}
        readOnly={saving}
        aria-label={t('projectViews.kanban.newBucketTitle')}
        placeholder={t('projectViews.kanban.newBucketTitle')}
        onChange={(event) => {
          setTitle(event.currentTarget.value);
          setError(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') void submit();
          if (event.key === 'Escape') close();
        }}
      />
      <Group gap="xs" mt="xs">
        <Button size="xs" loading={saving} onClick={() => void submit()}>
          {t('projectViews.kanban.createBucket')}
        </Button>
        <Button size="xs" variant="subtle" color="gray" onClick={close}>
          {t('common.cancel')}
        </Button>
      </Group>
    </div>
  );
}

/**
 * A card carried by the keyboard into another bucket is drawn anew there, and the focus, left on
 * the card's old place, fell to the page: it follows the card, once the card is drawn.
 */
function focusCardOnceDrawn(taskId: number, framesLeft = 20) {
  requestAnimationFrame(() => {
    const selector = `[role="button"][data-task-id="${taskId}"]`;
    const active = document.activeElement;
    // The focus on something else: the user has moved on. On the card (which may be its old node,
    // about to go), it is checked again on the next frames.
    if (active && active !== document.body && !active.matches(selector)) return;
    if (!active || active === document.body) document.querySelector<HTMLElement>(selector)?.focus();
    if (framesLeft > 0) focusCardOnceDrawn(taskId, framesLeft - 1);
  });
}

export function KanbanView({ project, view, canWrite }: ProjectViewProps) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const minimumPriority = user.settings.frontendSettings.minimumPriority;
  const now = useNow();
  const openTask = useOpenTask();
  // Stable, as the memoised cards take it as a prop.
  const openCard = useCallback((task: Task) => openTask(task.id), [openTask]);
  const urlFilter = useUrlTaskFilter().current;
  const kanban = useKanbanBoard(project.id, view.id, taskFilterQuery(urlFilter));
  const board = kanban.query.data;
  const arrived = useSlicedArrival(!kanban.query.isPending);
  // Filter-mode buckets are computed from filters: nothing can be moved or changed in them.
  const editable = canWrite && view.bucketConfigurationMode === 'manual';
  // A saved filter's board moves cards of other projects; a new card needs a real project.
  const canAddCards = editable && project.id > 0;

  const [collapsed, setCollapsed] = useState(() => collapsedBuckets(view.id));
  const [columns, setColumns] = useState<Columns | null>(null);
  const [activeTask, setActiveTask] = useState<Task | null>(null);
  const [refusing, setRefusing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<BoardBucket | null>(null);
  const origin = useRef(0);

  const sensors = useTaskDragSensors(boardKeyboardCoordinates);

  const tasksById = useMemo(
    () => new Map((board?.buckets ?? []).flatMap((b) => b.tasks.map((task) => [task.id, task] as const))),
    [board],
  );
  // A bulk change goes to tasks of one project: not on a saved filter's board.
  const bulkEditable = canWrite && project.id > 0;
  const boardTasks = useMemo(() => (board?.buckets ?? []).flatMap((b) => b.tasks), [board]);
  const boardIds = useMemo(() => boardTasks.map((task) => task.id), [boardTasks]);
  const selection = useTaskSelection(boardIds);

  const collision: CollisionDetection = (args) => {
    if (args.active.data.current?.type === 'bucket') {
      return closestCenter({
        ...args,
        droppableContainers: args.droppableContainers.filter((c) => c.data.current?.type === 'bucket'),
      });
    }
    const pointer = pointerWithin(args);
    const hits = pointer.length > 0 ? pointer : rectIntersection(args);
    const overId = getFirstCollision(hits, 'id');
    if (overId === null) return closestCorners(args);
    // Over a bucket with cards: the nearest of its cards.
    if (isBucketId(overId) && columns) {
      const cardIds = new Set((columns[idNumber(overId)] ?? []).map(cardId));
      const cards = args.droppableContainers.filter((c) => cardIds.has(String(c.id)));
      if (cards.length > 0) {
        const nearest = closestCenter({ ...args, droppableContainers: cards });
        if (nearest.length > 0) return nearest;
      }
    }
    return [{ id: overId }];
  };

  const bucketTitle = (id: number) => board?.buckets.find((b) => b.id === id)?.title ?? '';
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      isBucketId(active.id)
        ? t('projectViews.kanban.announce.pickedBucket', { title: bucketTitle(idNumber(active.id)) })
        : t('projectViews.kanban.announce.pickedCard', { title: tasksById.get(idNumber(active.id))?.title }),
    onDragOver: ({ over }) => {
      if (!over) return undefined;
      // A card's own bucket is where the carried columns put it now, not where it was drawn from
      // (the carried card, over itself in its new bucket, still says the bucket it left).
      const carried = columns ? containerOf(over.id, columns) : null;
      const bucket = isBucketId(over.id)
        ? idNumber(over.id)
        : (carried ?? (over.data.current?.bucketId as number));
      return t('projectViews.kanban.announce.over', { title: bucketTitle(bucket) });
    },
    onDragEnd: ({ over }) =>
      over ? t('projectViews.kanban.announce.dropped') : t('projectViews.kanban.announce.cancelled'),
    onDragCancel: () => t('projectViews.kanban.announce.cancelled'),
  };

  function resetDrag() {
    setColumns(null);
    setActiveTask(null);
    setRefusing(null);
  }

  function onDragStart({ active }: DragStartEvent) {
    if (!board || isBucketId(active.id)) return;
    const task = tasksById.get(idNumber(active.id));
    if (!task) return;
    origin.current = task.bucketId;
    setColumns(columnsOf(board));
    setActiveTask(task);
  }

  function onDragOver({ active, over }: DragOverEvent) {
    if (!board || !columns || !over || isBucketId(active.id)) return;
    const from = containerOf(active.id, columns);
    const to = containerOf(over.id, columns);
    if (from === null || to === null || from === to) {
      if (to === from) setRefusing(null);
      return;
    }
    const target = board.buckets.find((b) => b.id === to);
    if (target && to !== origin.current && isBucketFull(target)) {
      setRefusing(to);
      return;
    }
    setRefusing(null);
    const taskId = idNumber(active.id);
    const targetIds = columns[to] ?? [];
    let index = targetIds.length;
    if (!isBucketId(over.id)) {
      const overIndex = targetIds.indexOf(idNumber(over.id));
      const below =
        active.rect.current.translated &&
        active.rect.current.translated.top > over.rect.top + over.rect.height / 2;
      index = overIndex >= 0 ? overIndex + (below ? 1 : 0) : targetIds.length;
    }
    setColumns({
      ...columns,
      [from]: (columns[from] ?? []).filter((id) => id !== taskId),
      [to]: [...targetIds.slice(0, index), taskId, ...targetIds.slice(index)],
    });
  }

  function onDragEnd({ active, over, activatorEvent }: DragEndEvent) {
    if (!board) return resetDrag();
    if (isBucketId(active.id)) {
      if (over && active.id !== over.id) {
        const ids = board.buckets.map((b) => bucketId(b.id));
        const index = ids.indexOf(String(over.id));
        if (index >= 0) kanban.reorderBucket({ bucketId: idNumber(active.id), index });
      }
      return resetDrag();
    }
    const taskId = idNumber(active.id);
    const current = columns;
    const refused = refusing;
    resetDrag();
    if (activatorEvent instanceof KeyboardEvent) focusCardOnceDrawn(taskId);
    if (!current || !over) return;
    if (refused !== null && containerOf(over.id, current) === refused) {
      showError(t, new Error(t('errors.bucketLimitExceeded')));
      return;
    }
    const container = containerOf(active.id, current);
    if (container === null) return;
    let ids = current[container] ?? [];
    if (!isBucketId(over.id) && containerOf(over.id, current) === container) {
      ids = arrayMove(ids, ids.indexOf(taskId), ids.indexOf(idNumber(over.id)));
    }
    const index = ids.indexOf(taskId);
    const before = board.buckets
      .find((b) => b.id === origin.current)
      ?.tasks.findIndex((t) => t.id === taskId);
    if (container === origin.current && index === before) return;
    const target = board.buckets.find((b) => b.id === container);
    if (!target) return;
    kanban.moveCard({
      taskId,
      fromBucketId: origin.current,
      toBucketId: container,
      index,
      ...cardDrop(target.tasks, index, taskId, kanban.unplacedAnswerZero),
    });
  }

  const actions: BucketActions = {
    rename: (id, title) => kanban.renameBucket({ bucketId: id, title }),
    setLimit: (id, limit) => kanban.setBucketLimit({ bucketId: id, limit }),
    toggleDone: (id, done) =>
      kanban.markDoneBucket({ bucketId: id, done, previousDone: board?.doneBucketId ?? 0 }),
    makeDefault: (id) => kanban.markDefaultBucket({ bucketId: id }),
    toggleCollapsed: (id) => setCollapsed(setBucketCollapsed(view.id, id, !collapsed.has(id))),
    remove: (bucket) => {
      if ((board?.buckets.length ?? 0) <= 1) showError(t, new Error(t('projectViews.kanban.lastBucket')));
      else setDeleting(bucket);
    },
    loadMore: (id) => void kanban.loadMore(id),
    openTask: openCard,
    cardsAdded: kanban.cardsAdded,
  };

  if (view.bucketConfigurationMode === 'none')
    return <Alert color="yellow">{t('projectViews.kanban.noBuckets')}</Alert>;

  const filterBar = <TaskFilterBar error={kanban.query.error} allowProject={project.id < -1} />;
  if (kanban.query.isPending || !arrived)
    return (
      <Stack gap="md">
        {filterBar}
        <DelayedLoader label={t('projectViews.kanban.loading')} />
      </Stack>
    );
  if (kanban.query.isError || !board)
    return (
      <Stack gap="md">
        {filterBar}
        {/* A filter error shows under the filter input. */}
        {kanban.query.isError && !isFilterError(kanban.query.error) && (
          <Alert color="red">{errorText(kanban.query.error, t)}</Alert>
        )}
      </Stack>
    );

  return (
    <Stack gap="md">
      {bulkEditable && (
        <SelectionBulkBar
          gap="md"
          projectId={project.id}
          viewId={view.id}
          selection={selection}
          tasks={boardTasks}
        />
      )}
      {filterBar}
      <DndContext
        sensors={sensors}
        collisionDetection={collision}
        onDragStart={onDragStart}
        onDragOver={onDragOver}
        onDragEnd={onDragEnd}
        onDragCancel={resetDrag}
        accessibility={{
          announcements,
          screenReaderInstructions: { draggable: t('projectViews.kanban.announce.instructions') },
        }}
      >
        <section className={classes.board} aria-label={t('projectViews.kanban.board')}>
          <SortableContext
            items={board.buckets.map((b) => bucketId(b.id))}
            strategy={horizontalListSortingStrategy}
          >
            {board.buckets.map((bucket) => (
              <KanbanBucket
                key={bucket.id}
                bucket={bucket}
                tasks={
                  columns ? (columns[bucket.id] ?? []).flatMap((id) => tasksById.get(id) ?? []) : bucket.tasks
                }
                projectId={project.id}
                isDoneBucket={bucket.id === board.doneBucketId}
                isDefaultBucket={bucket.id === (board.defaultBucketId || board.buckets[0]?.id)}
                editable={editable}
                canAddCards={canAddCards}
                collapsed={collapsed.has(bucket.id)}
                refusing={refusing === bucket.id}
                loadingMore={kanban.loadingBuckets.has(bucket.id)}
                now={now}
                minimumPriority={minimumPriority}
                actions={actions}
                selection={bulkEditable ? selection : null}
                draggedCardId={activeTask ? cardId(activeTask.id) : null}
              />
            ))}
          </SortableContext>
          {editable && (
            <NewBucket onCreate={(title) => kanban.addBucket({ title })} saving={kanban.addingBucket} />
          )}
        </section>
        <DragOverlay dropAnimation={null}>
          {activeTask && <DraggedCard task={activeTask} now={now} minimumPriority={minimumPriority} />}
        </DragOverlay>
      </DndContext>
      <OnceOpened opened={deleting !== null}>
        <ConfirmModal
          opened={deleting !== null}
          title={t('projectViews.kanban.deleteTitle')}
          message={t('projectViews.kanban.deleteText', { title: deleting?.title ?? '' })}
          confirmLabel={t('projectViews.kanban.delete')}
          onClose={() => setDeleting(null)}
          onConfirm={() => {
            if (deleting) kanban.removeBucket({ bucketId: deleting.id });
            setDeleting(null);
          }}
        />
      </OnceOpened>
    </Stack>
  );
}

/**
 * One bucket of the board: its header (drag handle, title renamed in place, count or count/limit,
 * done marker, menu with limit, done bucket, collapse and delete), its cards (sortable and
 * virtualised, bucket-cards.tsx; more are loaded as the list scrolls), and a quick-add input for a
 * new card at its foot. A full bucket takes no new cards.
 */
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  ActionIcon,
  Badge,
  Button,
  CloseButton,
  Loader,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import {
  IconCircleCheck,
  IconDots,
  IconGripVertical,
  IconInbox,
  IconLayoutSidebarLeftExpand,
  IconPlus,
} from '@tabler/icons-react';
import { Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Task } from '../../../api/tasks';
import { lazyPage, preloadQuietly } from '../../../app/lazy-page';
import { DeferredPopup } from '../../../ui/deferred-popup';
import { useRefocusWhenBack } from '../../../ui/refocus-when-back';
import type { QuickAddInputProps } from '../../quick-add/quick-add-input';
import type { TaskSelection } from '../selection/use-task-selection';
import { type BoardBucket, isBucketFull } from './board-state';
import type { BucketActions } from './bucket-actions';
import { BucketCards } from './bucket-cards';
import type { BucketLimitEditorProps } from './bucket-limit-editor';
import type { BucketMenuDropdownProps } from './bucket-menu-dropdown';
import classes from './kanban.module.css';

export const bucketId = (id: number) => `bucket-${id}`;

// What a bucket opens (its menu, the limit editor, the new card's input) loads after the board:
// the menu when the browser is idle or its button is pointed at, the others when asked for.
const BucketMenuDropdown = lazyPage<'BucketMenuDropdown', BucketMenuDropdownProps>(
  () => import('./bucket-menu-dropdown'),
  'BucketMenuDropdown',
);
const BucketLimitEditor = lazyPage<'BucketLimitEditor', BucketLimitEditorProps>(
  () => import('./bucket-limit-editor'),
  'BucketLimitEditor',
);
const QuickAddInput = lazyPage<'QuickAddInput', QuickAddInputProps>(
  () => import('../../quick-add/quick-add-input'),
  'QuickAddInput',
);

interface KanbanBucketProps {
  bucket: BoardBucket;
  /** The cards to show (while a card is dragged, the arrangement under the pointer). */
  tasks: Task[];
  projectId: number;
  isDoneBucket: boolean;
  isDefaultBucket: boolean;
  /** Buckets can be changed and cards moved (write right, manual buckets). */
  editable: boolean;
  /** The quick-add card input (not on a saved filter's board: it has no project of its own). */
  canAddCards: boolean;
  collapsed: boolean;
  /** A card dragged over this full bucket is refused. */
  refusing: boolean;
  loadingMore: boolean;
  now: Date;
  minimumPriority: number;
  actions: BucketActions;
  /** The board's picked cards, when it allows bulk changes (write right, one project). */
  selection: TaskSelection | null;
  /** The card being dragged (its sortable id), if any. */
  draggedCardId: string | null;
}

function BucketTitle({
  bucket,
  editable,
  onRename,
}: {
  bucket: BoardBucket;
  editable: boolean;
  onRename: (title: string) => void;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState(bucket.title);
  const back = useRefocusWhenBack<HTMLButtonElement>(!editing);

  function finish(save: boolean) {
    const title = value.trim();
    setEditing(false);
    if (save && title && title !== bucket.title) onRename(title);
    else setValue(bucket.title);
  }

  if (editing) {
    return (
      <TextInput
        size="xs"
        className={classes.bucketTitleInput}
        value={value}
        autoFocus
        aria-label={t('projectViews.kanban.bucketTitle')}
        onChange={(event) => setValue(event.currentTarget.value)}
        onBlur={() => finish(true)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' || event.key === 'Escape') back.refocusOnReturn();
          if (event.key === 'Enter') finish(true);
          if (event.key === 'Escape') finish(false);
        }}
      />
    );
  }
  if (!editable)
    return (
      <Text fw={600} size="sm" className={classes.bucketTitle}>
        {bucket.title}
      </Text>
    );
  return (
    <UnstyledButton
      ref={back.ref}
      className={classes.bucketTitle}
      onClick={() => {
        setValue(bucket.title);
        setEditing(true);
      }}
      aria-label={t('projectViews.kanban.rename', { title: bucket.title })}
    >
      <Text fw={600} size="sm" truncate="end">
        {bucket.title}
      </Text>
    </UnstyledButton>
  );
}

function AddCard({
  bucket,
  projectId,
  onCreated,
}: {
  bucket: BoardBucket;
  projectId: number;
  onCreated: (tasks: Task[]) => void;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const back = useRefocusWhenBack<HTMLButtonElement>(!open);
  const close = () => {
    back.refocusOnReturn();
    setOpen(false);
  };
  const button = (
    <Button
      ref={back.ref}
      variant="subtle"
      color="gray"
      size="xs"
      fullWidth
      justify="flex-start"
      leftSection={<IconPlus size={14} />}
      onPointerEnter={() => preloadQuietly(QuickAddInput)}
      onFocus={() => preloadQuietly(QuickAddInput)}
      onClick={() => setOpen(true)}
    >
      {t('projectViews.kanban.addCard')}
    </Button>
  );
  if (!open) return button;
  return (
    // The button stays until the input's code is here, so the bucket's foot does not jump.
    <Suspense fallback={button}>
      <QuickAddInput
        projectId={projectId}
        bucketId={bucket.id}
        autoFocus
        label={t('projectViews.kanban.newCard', { title: bucket.title })}
        placeholder={t('projectViews.kanban.newCardPlaceholder')}
        onCreated={onCreated}
        onEscape={close}
        actions={<CloseButton size="lg" aria-label={t('common.cancel')} onClick={close} mt={2} />}
      />
    </Suspense>
  );
}

/** Asks for the next page once the end of the loaded cards scrolls into view. */
function useLoadMoreSentinel(active: boolean, onVisible: () => void) {
  const sentinel = useRef<HTMLDivElement>(null);
  const callback = useRef(onVisible);
  callback.current = onVisible;
  useEffect(() => {
    const node = sentinel.current;
    if (!active || !node) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) callback.current();
      },
      { root: node.parentElement, rootMargin: '0px 0px 240px 0px' },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [active]);
  return sentinel;
}

export function KanbanBucket({
  bucket,
  tasks,
  projectId,
  isDoneBucket,
  isDefaultBucket,
  editable,
  canAddCards,
  collapsed,
  refusing,
  loadingMore,
  now,
  minimumPriority,
  actions,
  selection,
  draggedCardId,
}: KanbanBucketProps) {
  const { t } = useTranslation();
  const [editingLimit, setEditingLimit] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: bucketId(bucket.id),
      data: { type: 'bucket', bucketId: bucket.id },
      disabled: !editable,
    });
  const full = isBucketFull(bucket);
  // State, not a ref: the memoised card list renders again once the box it scrolls in is there.
  const [cardsBox, setCardsBox] = useState<HTMLDivElement | null>(null);
  const sentinel = useLoadMoreSentinel(!bucket.complete && !collapsed, () => actions.loadMore(bucket.id));
  const countText = bucket.limit > 0 ? `${bucket.count}/${bucket.limit}` : String(bucket.count);
  const style = { transform: CSS.Translate.toString(transform), transition };

  if (collapsed) {
    return (
      <section
        ref={setNodeRef}
        style={style}
        className={classes.bucket}
        data-collapsed
        aria-label={bucket.title}
        data-testid="kanban-bucket"
      >
        <UnstyledButton
          className={classes.collapsedButton}
          onClick={() => actions.toggleCollapsed(bucket.id)}
          aria-label={t('projectViews.kanban.expandBucket', { title: bucket.title })}
          data-tip={t('projectViews.kanban.expand')}
        >
          <IconLayoutSidebarLeftExpand size={16} />
          <Badge size="sm" variant="light" color={full ? 'red' : 'gray'}>
            {countText}
          </Badge>
          <span className={classes.collapsedTitle}>{bucket.title}</span>
        </UnstyledButton>
      </section>
    );
  }

  return (
    <section
      ref={setNodeRef}
      style={style}
      className={classes.bucket}
      data-dragging={isDragging || undefined}
      data-refusing={refusing || undefined}
      data-done-bucket={isDoneBucket || undefined}
      data-default-bucket={isDefaultBucket || undefined}
      aria-label={bucket.title}
      data-testid="kanban-bucket"
    >
      <header className={classes.bucketHeader}>
        {editable && (
          <ActionIcon
            ref={setActivatorNodeRef}
            variant="subtle"
            color="gray"
            size="sm"
            className={classes.bucketHandle}
            aria-label={t('projectViews.kanban.moveBucket', { title: bucket.title })}
            {...attributes}
            {...listeners}
          >
            <IconGripVertical size={14} />
          </ActionIcon>
        )}
        {isDoneBucket && (
          <IconCircleCheck
            size={16}
            color="var(--mantine-color-teal-6)"
            aria-label={t('projectViews.kanban.doneBucket')}
            data-tip={t('projectViews.kanban.doneBucketHint')}
            style={{ flexShrink: 0 }}
          />
        )}
        {isDefaultBucket && (
          <IconInbox
            size={16}
            color="var(--mantine-color-blue-6)"
            aria-label={t('projectViews.kanban.defaultBucket')}
            data-tip={t('projectViews.kanban.defaultBucketHint')}
            style={{ flexShrink: 0 }}
          />
        )}
        <BucketTitle
          bucket={bucket}
          editable={editable}
          onRename={(title) => actions.rename(bucket.id, title)}
        />
        <Badge
          size="sm"
          variant={full ? 'filled' : 'light'}
          color={full ? 'red' : 'gray'}
          className={classes.count}
          data-testid="bucket-count"
          data-tip={
            bucket.limit > 0
              ? t('projectViews.kanban.countOfLimit', { count: bucket.count, limit: bucket.limit })
              : t('projectViews.kanban.count', { count: bucket.count })
          }
        >
          {countText}
        </Badge>
        <DeferredPopup
          popup={BucketMenuDropdown}
          open={() => setMenuOpen(true)}
          target={
            <ActionIcon
              variant="subtle"
              color="gray"
              size="sm"
              aria-label={t('projectViews.kanban.bucketMenu', { title: bucket.title })}
              aria-haspopup="menu"
              aria-expanded={false}
            >
              <IconDots size={16} />
            </ActionIcon>
          }
        >
          {(target) => (
            <BucketMenuDropdown
              target={target}
              opened={menuOpen}
              onChange={setMenuOpen}
              bucket={bucket}
              editable={editable}
              isDoneBucket={isDoneBucket}
              isDefaultBucket={isDefaultBucket}
              actions={actions}
              onEditLimit={() => setEditingLimit(true)}
            />
          )}
        </DeferredPopup>
      </header>
      {editingLimit && (
        <Suspense fallback={null}>
          <BucketLimitEditor
            bucket={bucket}
            onSave={(limit) => actions.setLimit(bucket.id, limit)}
            onClose={() => setEditingLimit(false)}
          />
        </Suspense>
      )}
      <div ref={setCardsBox} className={classes.cards}>
        <BucketCards
          tasks={tasks}
          bucketId={bucket.id}
          editable={editable}
          now={now}
          minimumPriority={minimumPriority}
          actions={actions}
          selection={selection}
          scrollElement={cardsBox}
          draggedCardId={draggedCardId}
        />
        {tasks.length === 0 && (
          <Text size="xs" c="dimmed" ta="center" py="md" className={classes.emptyBucket}>
            {refusing ? t('projectViews.kanban.full') : t('projectViews.kanban.emptyBucket')}
          </Text>
        )}
        {!bucket.complete && (
          <div ref={sentinel} className={classes.sentinel}>
            {loadingMore && <Loader size="xs" aria-label={t('projectViews.loadingMore')} />}
          </div>
        )}
      </div>
      {editable && (full || canAddCards) && (
        <footer className={classes.bucketFooter}>
          {full ? (
            <Text size="xs" c="dimmed" ta="center" py={4}>
              {t('projectViews.kanban.full')}
            </Text>
          ) : (
            <AddCard bucket={bucket} projectId={projectId} onCreated={actions.cardsAdded} />
          )}
        </footer>
      )}
    </section>
  );
}

/**
 * The task detail (spec 2 §2 task.detail, §3 Task): every field edited in place, the parts of a
 * task, and the task-detail keyboard shortcuts. Fields without a value stay hidden until the
 * user asks for them (button or shortcut), which also focuses them.
 */
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  CloseButton,
  Grid,
  Group,
  Kbd,
  RingProgress,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { colorWithHash, displayName, isCustomRrule, isRepeating, type RepeatMode } from '@ordo/core';
import {
  IconAlignLeft,
  IconArrowRight,
  IconBell,
  IconCalendar,
  IconCalendarEvent,
  IconCheck,
  IconFlag,
  IconLink,
  IconMessage,
  IconPalette,
  IconPaperclip,
  IconPercentage,
  IconRepeat,
  IconStar,
  IconStarFilled,
  IconTag,
  IconTrash,
  IconUsers,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { fetchProject } from '../../api/projects';
import { queryKeys } from '../../api/query-keys';
import { deleteTask } from '../../api/tasks';
import { taskDetailShortcuts } from '../../app/shortcuts/shortcut-catalogue';
import { matchesShortcut, shortcutLabel } from '../../app/shortcuts/shortcut-keys';
import { isApple, useShortcut } from '../../app/shortcuts/shortcuts';
import { ConfirmModal } from '../../ui/confirm-modal';
import { DelayedLoader } from '../../ui/delayed-loader';
import { showError, showSuccess } from '../../ui/notices';
import { useSignedInUser } from '../auth/use-current-user';
import { useLinkShareSession } from '../link-share/link-share-session';
import { TaskSubscriptionButton } from '../subscriptions/task-subscription-button';
import { checklistProgress } from './checklist';
import { playDoneSound } from './done-sound';
import { AssigneesField } from './fields/assignees-field';
import { DateField } from './fields/date-field';
import { DescriptionField, type DescriptionHandle } from './fields/description-field';
import { DueDateField } from './fields/due-date-field';
import { LabelsField } from './fields/labels-field';
import { MoveField } from './fields/move-field';
import { RemindersField } from './fields/reminders-field';
import { RepeatField } from './fields/repeat-field';
import { ColorField, PercentDoneField, PriorityField } from './fields/simple-fields';
import { TitleField } from './fields/title-field';
import { TaskReactions } from './reactions/task-reactions';
import { type AttachmentsHandle, AttachmentsSection } from './sections/attachments-section';
import { CommentsSection } from './sections/comments-section';
import { RelationsSection } from './sections/relations-section';
import actionClasses from './task-action-button.module.css';
import { attachmentsOf, remindersOf, type Task, type TaskDetail as TaskDetailData } from './task-api';
import { dateOf, wireDate } from './task-dates';
import { useTaskDetail, useTaskEditor } from './use-task-editor';

export const DONE_DELAY_MS = 300;

type FieldName =
  | 'assignees'
  | 'priority'
  | 'dueDate'
  | 'startDate'
  | 'endDate'
  | 'percentDone'
  | 'repeat'
  | 'reminders'
  | 'color'
  | 'labels'
  | 'move'
  | 'attachments'
  | 'relations';

/** The task-detail bindings (spec 2 §2), shared with the shortcuts help. */
const taskShortcuts = taskDetailShortcuts(isApple);

function hasValue(task: Task, field: FieldName): boolean {
  switch (field) {
    case 'assignees':
      return (task.assignees ?? []).length > 0;
    case 'priority':
      return task.priority > 0;
    case 'dueDate':
      return dateOf(task.dueDate) !== null;
    case 'startDate':
      return dateOf(task.startDate) !== null;
    case 'endDate':
      return dateOf(task.endDate) !== null;
    case 'percentDone':
      return task.percentDone > 0;
    case 'repeat':
      return (
        isRepeating({ repeatAfter: task.repeatAfter, repeatMode: task.repeatMode as RepeatMode }) ||
        isCustomRrule(task.repeatRule ?? '')
      );
    case 'reminders':
      return remindersOf(task).length > 0;
    case 'color':
      return task.hexColor !== '';
    case 'labels':
      return (task.labels ?? []).length > 0;
    case 'attachments':
      return attachmentsOf(task).length > 0;
    case 'relations':
      return Object.values(task.relatedTasks ?? {}).some((list) => (list ?? []).length > 0);
    case 'move':
      return false;
  }
}

function Attribute({
  name,
  icon,
  label,
  children,
}: {
  name: FieldName;
  icon: ReactNode;
  label: string;
  children: ReactNode;
}) {
  return (
    <Stack gap={4} data-field={name}>
      <Group gap={6} c="dimmed">
        {icon}
        <Text size="xs" fw={700} tt="uppercase">
          {label}
        </Text>
      </Group>
      {children}
    </Stack>
  );
}

function Section({
  icon,
  title,
  children,
  name,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  name?: FieldName;
}) {
  return (
    <Stack gap="xs" data-field={name} component="section">
      <Group gap={8}>
        {icon}
        <Title order={3} fz="md">
          {title}
        </Title>
      </Group>
      {children}
    </Stack>
  );
}

function ActionButton({
  icon,
  label,
  shortcut,
  onClick,
  color,
  active,
}: {
  icon: ReactNode;
  label: string;
  shortcut?: string;
  onClick: () => void;
  color?: string;
  active?: boolean;
}) {
  // Key hints only where the buttons are one column wide (and a keyboard is likely).
  const wide = useMediaQuery('(min-width: 62em)');
  return (
    <Button
      variant={active ? 'light' : 'subtle'}
      color={color ?? 'gray'}
      justify="space-between"
      fullWidth
      leftSection={icon}
      onClick={onClick}
      rightSection={
        shortcut && wide ? (
          <Kbd size="xs" component="span">
            {shortcutLabel(shortcut, isApple)[0]}
          </Kbd>
        ) : undefined
      }
      px="xs"
      // Long labels (French, German…) wrap onto a second line rather than being cut off.
      h="auto"
      mih="var(--button-height)"
      py={6}
      classNames={{ section: actionClasses.section }}
      styles={{
        inner: { justifyContent: 'space-between' },
        // A label never gets narrower than its longest word.
        label: {
          flex: 1,
          minWidth: 'min-content',
          whiteSpace: 'normal',
          textAlign: 'start',
          lineHeight: 1.25,
        },
      }}
    >
      {label}
    </Button>
  );
}

export function ChecklistSummary({ description }: { description: string }) {
  const { t } = useTranslation();
  const { total, checked } = checklistProgress(description);
  if (total === 0) return null;
  return (
    <Group gap={4} wrap="nowrap" data-testid="checklist-progress">
      <RingProgress size={22} thickness={3} sections={[{ value: (checked / total) * 100, color: 'teal' }]} />
      <Text size="sm" c="dimmed">
        {t('tasks.checklist.progress', { checked, total })}
      </Text>
    </Group>
  );
}

export function TaskDetail({
  taskId,
  onClose,
  onDeleted,
}: {
  taskId: number;
  /** Shown as a close button (modal); absent on the page. */
  onClose?: (task: Task | null) => void;
  onDeleted: (task: Task) => void;
}) {
  const { t } = useTranslation();
  const detail = useTaskDetail(taskId);
  // Only a first load that failed replaces the detail: when a later refetch fails, the task already
  // on screen (and any edit in progress) stays, rather than vanishing behind an error.
  if (detail.error && !detail.data) {
    return (
      <Stack gap="md" p="md">
        <Alert color="red" role="alert">
          {t('tasks.detail.loadFailed')}
        </Alert>
        {onClose && (
          <Group>
            <Button variant="default" onClick={() => onClose(null)}>
              {t('tasks.detail.close')}
            </Button>
          </Group>
        )}
      </Stack>
    );
  }
  if (!detail.data) return <DelayedLoader label={t('tasks.detail.loading')} />;
  return <TaskDetailContent key={taskId} detail={detail.data} onClose={onClose} onDeleted={onDeleted} />;
}

function TaskDetailContent({
  detail,
  onClose,
  onDeleted,
}: {
  detail: TaskDetailData;
  onClose?: (task: Task | null) => void;
  onDeleted: (task: Task) => void;
}) {
  const editor = useTaskEditor(detail);
  const { t } = useTranslation();
  const user = useSignedInUser();
  const linkShare = useLinkShareSession();
  const navigate = useNavigate();
  const task = editor.task;
  const weekStart = user.settings.weekStart;
  const [active, setActive] = useState<Set<FieldName>>(new Set());
  const [focusRequest, setFocusRequest] = useState<{ field: FieldName; n: number } | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const description = useRef<DescriptionHandle>(null);
  const attachments = useRef<AttachmentsHandle>(null);
  const doneTimer = useRef<number | undefined>(undefined);
  const project = useQuery({
    queryKey: queryKeys.project(task.projectId),
    queryFn: () => fetchProject(task.projectId),
  });

  useEffect(() => () => window.clearTimeout(doneTimer.current), []);

  const shown = (field: FieldName) => hasValue(task, field) || active.has(field);

  function reveal(field: FieldName) {
    setActive((current) => new Set(current).add(field));
    setFocusRequest((current) => ({ field, n: (current?.n ?? 0) + 1 }));
  }

  useEffect(() => {
    if (!focusRequest) return;
    const timer = window.setTimeout(() => {
      const container = root.current?.querySelector(`[data-field="${focusRequest.field}"]`);
      container?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
      const target = container?.querySelector<HTMLElement>('[data-task-focus]');
      if (!target) return;
      target.focus();
      if (target.dataset.taskFocus === 'click') target.click();
    }, 50);
    return () => window.clearTimeout(timer);
  }, [focusRequest]);

  function toggleDone() {
    if (!editor.canWrite) return;
    window.clearTimeout(doneTimer.current);
    doneTimer.current = window.setTimeout(() => {
      const before = task;
      const done = !before.done;
      const repeating = isRepeating({
        repeatAfter: before.repeatAfter,
        repeatMode: before.repeatMode as RepeatMode,
      });
      if (done && user.settings.frontendSettings.playSoundWhenDone) playDoneSound();
      editor.save(
        { done },
        {
          message: done ? t('tasks.done.marked') : t('tasks.done.unmarked'),
          actions: () => [
            {
              label: t('tasks.done.undo'),
              // A repeating task has moved its dates: undo restores the copy from before.
              onClick: () =>
                editor.save(repeating ? { ...before } : { done: !done }, {
                  message: repeating
                    ? t('tasks.detail.saved')
                    : done
                      ? t('tasks.done.unmarked')
                      : t('tasks.done.marked'),
                }),
            },
          ],
        },
      );
    }, DONE_DELAY_MS);
  }

  function toggleFavorite() {
    editor.save(
      { isFavorite: !task.isFavorite },
      { message: task.isFavorite ? t('tasks.favorite.removed') : t('tasks.favorite.added') },
    );
  }

  async function remove() {
    setDeleting(true);
    try {
      await deleteTask(task.id);
      setConfirmDelete(false);
      showSuccess(t, t('tasks.delete.deleted'));
      onDeleted(task);
    } catch (error) {
      showError(t, error);
    } finally {
      setDeleting(false);
    }
  }

  function saveAll() {
    if (description.current?.flush()) return;
    // Leaving a field commits it (title, colour, repeat amount); otherwise save the task as it is.
    const active = document.activeElement as HTMLElement | null;
    if (active && root.current?.contains(active) && /^(INPUT|TEXTAREA)$/.test(active.tagName)) active.blur();
    else editor.save({});
  }

  const canWrite = editor.canWrite;
  const ifWritable = (action: () => void) => () => canWrite && action();
  useShortcut(taskShortcuts.done, ifWritable(toggleDone));
  useShortcut(
    taskShortcuts.assign,
    ifWritable(() => reveal('assignees')),
  );
  useShortcut(
    taskShortcuts.labels,
    ifWritable(() => reveal('labels')),
  );
  useShortcut(
    taskShortcuts.dueDate,
    ifWritable(() => reveal('dueDate')),
  );
  useShortcut(
    taskShortcuts.attachment,
    ifWritable(() => attachments.current?.pickFiles()),
  );
  useShortcut(
    taskShortcuts.related,
    ifWritable(() => reveal('relations')),
  );
  useShortcut(
    taskShortcuts.move,
    ifWritable(() => reveal('move')),
  );
  useShortcut(
    taskShortcuts.color,
    ifWritable(() => reveal('color')),
  );
  useShortcut(
    taskShortcuts.reminder,
    ifWritable(() => reveal('reminders')),
  );
  useShortcut(
    taskShortcuts.description,
    ifWritable(() => description.current?.edit()),
  );
  useShortcut(
    taskShortcuts.priority,
    ifWritable(() => reveal('priority')),
  );
  useShortcut(
    taskShortcuts.delete,
    ifWritable(() => setConfirmDelete(true)),
  );
  useShortcut(taskShortcuts.favorite, ifWritable(toggleFavorite));
  useShortcut(taskShortcuts.project, () => navigate(`/projects/${task.projectId}`));
  useShortcut(taskShortcuts.save, ifWritable(saveAll));

  const color = task.hexColor ? colorWithHash(task.hexColor) : undefined;
  const attributes: { name: FieldName; icon: ReactNode; label: string; field: ReactNode }[] = [];
  const add = (name: FieldName, icon: ReactNode, label: string, field: ReactNode) => {
    if (shown(name)) attributes.push({ name, icon, label, field });
  };
  add('assignees', <IconUsers size={14} />, t('tasks.fields.assignees'), <AssigneesField editor={editor} />);
  add('priority', <IconFlag size={14} />, t('tasks.fields.priority'), <PriorityField editor={editor} />);
  add(
    'dueDate',
    <IconCalendarEvent size={14} />,
    t('tasks.fields.dueDate'),
    <DueDateField editor={editor} weekStart={weekStart} />,
  );
  add(
    'startDate',
    <IconCalendar size={14} />,
    t('tasks.fields.startDate'),
    <DateField
      label={t('tasks.fields.startDate')}
      value={dateOf(task.startDate)}
      onChange={(date) => editor.save({ startDate: wireDate(date) })}
      disabled={!canWrite}
      weekStart={weekStart}
    />,
  );
  add(
    'endDate',
    <IconCalendar size={14} />,
    t('tasks.fields.endDate'),
    <DateField
      label={t('tasks.fields.endDate')}
      value={dateOf(task.endDate)}
      onChange={(date) => editor.save({ endDate: wireDate(date) })}
      disabled={!canWrite}
      weekStart={weekStart}
    />,
  );
  add(
    'percentDone',
    <IconPercentage size={14} />,
    t('tasks.fields.percentDone'),
    <PercentDoneField editor={editor} />,
  );
  add('repeat', <IconRepeat size={14} />, t('tasks.fields.repeat'), <RepeatField editor={editor} />);
  add(
    'reminders',
    <IconBell size={14} />,
    t('tasks.fields.reminders'),
    <RemindersField editor={editor} weekStart={weekStart} />,
  );
  add('color', <IconPalette size={14} />, t('tasks.fields.color'), <ColorField editor={editor} />);
  add('move', <IconArrowRight size={14} />, t('tasks.move.label'), <MoveField editor={editor} />);

  const projectTitle = project.data?.title;
  return (
    <Box
      ref={root}
      pos="relative"
      // Ctrl/Cmd+S saves even while typing in a field (global shortcuts pause while typing).
      onKeyDownCapture={(event) => {
        if (!matchesShortcut(event, taskShortcuts.save, isApple)) return;
        event.preventDefault();
        event.stopPropagation();
        if (canWrite) saveAll();
      }}
      // Files dropped anywhere on the task are attached.
      onDragOver={(event) => {
        if (canWrite && event.dataTransfer.types.includes('Files')) event.preventDefault();
      }}
      onDrop={(event) => {
        if (!canWrite || event.dataTransfer.files.length === 0) return;
        event.preventDefault();
        attachments.current?.upload([...event.dataTransfer.files]);
      }}
    >
      {color && (
        <Box
          aria-hidden="true"
          pos="absolute"
          top={0}
          left={0}
          right={0}
          h={4}
          bg={color}
          style={{ borderRadius: 'var(--mantine-radius-sm)' }}
        />
      )}
      <Stack gap="lg" pt="sm">
        <Stack gap={6}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Group gap={6} wrap="wrap">
              <Text size="sm" c="dimmed" ff="monospace">
                {task.identifier}
              </Text>
              {projectTitle && (
                <Anchor component={Link} to={`/projects/${task.projectId}`} size="sm">
                  {projectTitle}
                </Anchor>
              )}
              {task.done && (
                <Badge color="green" variant="light" leftSection={<IconCheck size={12} />}>
                  {t('tasks.done.badge')}
                </Badge>
              )}
              <ChecklistSummary description={task.description ?? ''} />
            </Group>
            <Group gap={2} wrap="nowrap">
              {/* Link-share visitors cannot subscribe (reference §2.7). */}
              {!linkShare && <TaskSubscriptionButton task={task} />}
              <Tooltip label={task.isFavorite ? t('tasks.favorite.remove') : t('tasks.favorite.add')}>
                <ActionIcon
                  variant="subtle"
                  color={task.isFavorite ? 'yellow' : 'gray'}
                  size="lg"
                  onClick={toggleFavorite}
                  disabled={!canWrite}
                  aria-label={task.isFavorite ? t('tasks.favorite.remove') : t('tasks.favorite.add')}
                  aria-pressed={task.isFavorite}
                >
                  {task.isFavorite ? <IconStarFilled size={20} /> : <IconStar size={20} />}
                </ActionIcon>
              </Tooltip>
              {onClose && (
                <CloseButton size="lg" aria-label={t('tasks.detail.close')} onClick={() => onClose(task)} />
              )}
            </Group>
          </Group>
          <TitleField editor={editor} />
          {!canWrite && (
            <Text size="sm" c="dimmed">
              {t('tasks.detail.readOnly')}
            </Text>
          )}
        </Stack>

        <Grid gutter="xl">
          <Grid.Col span={{ base: 12, md: 9 }} order={{ base: 2, md: 1 }}>
            <Stack gap="xl">
              {attributes.length > 0 && (
                <SimpleGrid cols={{ base: 1, xs: 2, lg: 3 }} spacing="lg" verticalSpacing="md">
                  {attributes.map((a) => (
                    <Attribute key={a.name} name={a.name} icon={a.icon} label={a.label}>
                      {a.field}
                    </Attribute>
                  ))}
                </SimpleGrid>
              )}
              {shown('labels') && (
                <Attribute name="labels" icon={<IconTag size={14} />} label={t('tasks.fields.labels')}>
                  <LabelsField editor={editor} />
                </Attribute>
              )}
              <Section icon={<IconAlignLeft size={18} />} title={t('tasks.fields.description')}>
                <DescriptionField editor={editor} handle={description} />
                <TaskReactions taskId={task.id} canWrite={canWrite} />
              </Section>
              {(shown('attachments') || canWrite) && (
                <Section
                  icon={<IconPaperclip size={18} />}
                  title={t('tasks.fields.attachments')}
                  name="attachments"
                >
                  <AttachmentsSection editor={editor} handle={attachments} />
                </Section>
              )}
              {shown('relations') && (
                <Section icon={<IconLink size={18} />} title={t('tasks.fields.relations')} name="relations">
                  <RelationsSection editor={editor} />
                </Section>
              )}
              <Section icon={<IconMessage size={18} />} title={t('tasks.fields.comments')}>
                <CommentsSection editor={editor} />
              </Section>
              <Text size="xs" c="dimmed">
                {t('tasks.detail.meta', {
                  created: new Date(task.created).toLocaleString(),
                  author: task.createdBy ? displayName(task.createdBy) : '',
                  updated: new Date(task.updated).toLocaleString(),
                })}
              </Text>
            </Stack>
          </Grid.Col>
          {canWrite && (
            <Grid.Col span={{ base: 12, md: 3 }} order={{ base: 1, md: 2 }}>
              <SimpleGrid
                cols={{ base: 2, xs: 3, md: 1 }}
                spacing={4}
                verticalSpacing={2}
                aria-label={t('tasks.detail.actions')}
                role="group"
              >
                <ActionButton
                  icon={<IconCheck size={16} />}
                  label={task.done ? t('tasks.done.unmark') : t('tasks.done.mark')}
                  shortcut={taskShortcuts.done}
                  onClick={toggleDone}
                  color={task.done ? 'gray' : 'green'}
                  active
                />
                <ActionButton
                  icon={<IconUsers size={16} />}
                  label={t('tasks.actions.assign')}
                  shortcut={taskShortcuts.assign}
                  onClick={() => reveal('assignees')}
                />
                <ActionButton
                  icon={<IconTag size={16} />}
                  label={t('tasks.actions.labels')}
                  shortcut={taskShortcuts.labels}
                  onClick={() => reveal('labels')}
                />
                <ActionButton
                  icon={<IconFlag size={16} />}
                  label={t('tasks.actions.priority')}
                  shortcut={taskShortcuts.priority}
                  onClick={() => reveal('priority')}
                />
                <ActionButton
                  icon={<IconCalendarEvent size={16} />}
                  label={t('tasks.actions.dueDate')}
                  shortcut={taskShortcuts.dueDate}
                  onClick={() => reveal('dueDate')}
                />
                <ActionButton
                  icon={<IconCalendar size={16} />}
                  label={t('tasks.actions.startDate')}
                  onClick={() => reveal('startDate')}
                />
                <ActionButton
                  icon={<IconCalendar size={16} />}
                  label={t('tasks.actions.endDate')}
                  onClick={() => reveal('endDate')}
                />
                <ActionButton
                  icon={<IconBell size={16} />}
                  label={t('tasks.actions.reminders')}
                  shortcut={taskShortcuts.reminder}
                  onClick={() => reveal('reminders')}
                />
                <ActionButton
                  icon={<IconRepeat size={16} />}
                  label={t('tasks.actions.repeat')}
                  onClick={() => reveal('repeat')}
                />
                <ActionButton
                  icon={<IconPercentage size={16} />}
                  label={t('tasks.actions.percentDone')}
                  onClick={() => reveal('percentDone')}
                />
                <ActionButton
                  icon={<IconPalette size={16} />}
                  label={t('tasks.actions.color')}
                  shortcut={taskShortcuts.color}
                  onClick={() => reveal('color')}
                />
                <ActionButton
                  icon={<IconPaperclip size={16} />}
                  label={t('tasks.actions.attachments')}
                  shortcut={taskShortcuts.attachment}
                  onClick={() => attachments.current?.pickFiles()}
                />
                <ActionButton
                  icon={<IconLink size={16} />}
                  label={t('tasks.actions.relations')}
                  shortcut={taskShortcuts.related}
                  onClick={() => reveal('relations')}
                />
                <ActionButton
                  icon={<IconArrowRight size={16} />}
                  label={t('tasks.actions.move')}
                  shortcut={taskShortcuts.move}
                  onClick={() => reveal('move')}
                />
                <ActionButton
                  icon={<IconTrash size={16} />}
                  label={t('tasks.actions.delete')}
                  shortcut={taskShortcuts.delete}
                  onClick={() => setConfirmDelete(true)}
                  color="red"
                />
              </SimpleGrid>
            </Grid.Col>
          )}
        </Grid>
      </Stack>
      <ConfirmModal
        opened={confirmDelete}
        title={t('tasks.delete.title')}
        message={t('tasks.delete.confirm', { title: task.title })}
        confirmLabel={t('tasks.delete.action')}
        loading={deleting}
        onClose={() => setConfirmDelete(false)}
        onConfirm={() => void remove()}
      />
    </Box>
  );
}

/**
 * The bar over a view while tasks are selected: how many, and the changes that apply to all of
 * them at once (done, not done, due date, priority, labels, assignees, move to another project,
 * delete), select all, clear. Offline the changes are off, and the bar says why: they are one
 * request for many tasks, which the outbox does not keep (a task's own changes still wait there).
 */
import { Button, CloseButton, Group, Menu, Paper, Popover, Text } from '@mantine/core';
import {
  IconArrowRight,
  IconCalendar,
  IconCheck,
  IconFlag,
  IconListCheck,
  IconSquareX,
  IconTrash,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BulkPartChange, BulkValues } from '../../../api/tasks';
import { useOnline } from '../../../app/offline/use-online';
import { priorityNames } from '../../tasks/fields/priority-names';
import { ProjectTargetSelect } from '../../tasks/fields/project-target-select';
import { quickChoiceDate, quickChoices } from '../../tasks/quick-dates';
import { wireDate } from '../../tasks/task-dates';
import classes from './bulk-bar.module.css';
import { BulkPartsPicker } from './bulk-parts-picker';

interface BulkBarProps {
  count: number;
  /** The project the tasks are in: the move lists the others the user may write to. */
  projectId: number;
  busy: boolean;
  onChange: (values: BulkValues) => void;
  onParts: (change: BulkPartChange) => void;
  /** Asks first (the caller's dialog), then deletes the selected tasks. */
  onDelete: () => void;
  onSelectAll: () => void;
  onClear: () => void;
}

export function BulkBar({
  count,
  projectId,
  busy,
  onChange,
  onParts,
  onDelete,
  onSelectAll,
  onClear,
}: BulkBarProps) {
  const { t } = useTranslation();
  const [moving, setMoving] = useState(false);
  const online = useOnline();
  const changesOff = busy || !online;
  const button = { size: 'compact-sm', variant: 'subtle', disabled: changesOff } as const;

  return (
    <Paper
      className={classes.bar}
      shadow="lg"
      withBorder
      role="toolbar"
      aria-label={t('projectViews.bulk.label')}
    >
      <Group gap={6} wrap="wrap" justify="center">
        <Text size="sm" fw={600} px={6} aria-live="polite">
          {t('projectViews.bulk.selected', { count })}
        </Text>
        <Button {...button} leftSection={<IconCheck size={15} />} onClick={() => onChange({ done: true })}>
          {t('projectViews.bulk.markDone')}
        </Button>
        <Button {...button} leftSection={<IconSquareX size={15} />} onClick={() => onChange({ done: false })}>
          {t('projectViews.bulk.markUndone')}
        </Button>
        <Menu position="top" withinPortal>
          <Menu.Target>
            <Button {...button} leftSection={<IconCalendar size={15} />}>
              {t('projectViews.bulk.dueDate')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {quickChoices.map((choice) => (
              <Menu.Item
                key={choice}
                onClick={() => onChange({ dueDate: wireDate(quickChoiceDate(choice, new Date())) })}
              >
                {t(`tasks.dates.quick.${choice}`)}
              </Menu.Item>
            ))}
            <Menu.Divider />
            <Menu.Item onClick={() => onChange({ dueDate: wireDate(null) })}>
              {t('projectViews.bulk.noDueDate')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
        <Menu position="top" withinPortal>
          <Menu.Target>
            <Button {...button} leftSection={<IconFlag size={15} />}>
              {t('projectViews.bulk.priority')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {priorityNames.map((name, value) => (
              <Menu.Item key={name} onClick={() => onChange({ priority: value })}>
                {t(`tasks.priority.${name}`)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
        <BulkPartsPicker kind="labels" projectId={projectId} disabled={changesOff} onChange={onParts} />
        <BulkPartsPicker kind="assignees" projectId={projectId} disabled={changesOff} onChange={onParts} />
        <Popover opened={moving} onChange={setMoving} position="top" withinPortal trapFocus>
          <Popover.Target>
            <Button
              {...button}
              leftSection={<IconArrowRight size={15} />}
              onClick={() => setMoving((o) => !o)}
            >
              {t('projectViews.bulk.move')}
            </Button>
          </Popover.Target>
          <Popover.Dropdown>
            {/* Mounted while open: the projects load when the move is asked for. */}
            <ProjectTargetSelect
              currentProjectId={projectId}
              width={240}
              comboboxProps={{ withinPortal: false }}
              onPick={(target) => {
                setMoving(false);
                onChange({ projectId: target });
              }}
            />
          </Popover.Dropdown>
        </Popover>
        <Button {...button} color="red" leftSection={<IconTrash size={15} />} onClick={onDelete}>
          {t('projectViews.bulk.delete')}
        </Button>
        <Button {...button} disabled={busy} leftSection={<IconListCheck size={15} />} onClick={onSelectAll}>
          {t('projectViews.bulk.selectAll')}
        </Button>
        <CloseButton aria-label={t('projectViews.bulk.clear')} onClick={onClear} />
      </Group>
      {!online && (
        <Text size="sm" c="dimmed" ta="center" mt={6} role="status">
          {t('projectViews.bulk.offline')}
        </Text>
      )}
    </Paper>
  );
}

/**
 * The preview under a quick-add input (spec 2 §5): before Enter, chips show what was recognised —
 * labels, project, due date, priority, assignees, repeat — for each task the text will create.
 */
import { Badge, Group, Stack, Text } from '@mantine/core';
import type { QuickAddRepeat } from '@ordo/core';
import {
  IconAlertTriangle,
  IconCalendar,
  IconFlag,
  IconFolder,
  IconRepeat,
  IconSubtask,
  IconTag,
  IconUser,
} from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../tasks/task-dates';
import { hasRecognisedParts, type PreviewLine } from './preview-model';

export function repeatText(repeat: QuickAddRepeat, t: TFunction): string {
  if (repeat.type === 'months' && repeat.amount === 1) return t('quickAdd.repeat.monthly');
  return t(`quickAdd.repeat.${repeat.type}`, { count: repeat.amount });
}

function Chip({
  icon,
  label,
  children,
  color = 'gray',
}: {
  icon: ReactNode;
  label: string;
  children: ReactNode;
  color?: string;
}) {
  return (
    <Badge
      variant="light"
      color={color}
      radius="sm"
      tt="none"
      fw={500}
      size="md"
      leftSection={icon}
      aria-label={`${label}: ${typeof children === 'string' ? children : ''}`}
      styles={{ label: { overflow: 'hidden', textOverflow: 'ellipsis', maxWidth: 220 } }}
    >
      {children}
    </Badge>
  );
}

function LineChips({ line }: { line: PreviewLine }) {
  const { t, i18n } = useTranslation();
  const { draft } = line;
  const size = 12;
  return (
    <>
      {draft.projectName !== null && (
        <Chip
          icon={line.projectNameUnknown ? <IconAlertTriangle size={size} /> : <IconFolder size={size} />}
          label={t('quickAdd.parts.project')}
          color={line.projectNameUnknown ? 'orange' : 'blue'}
        >
          {line.projectNameUnknown
            ? t('quickAdd.projectUnknown', { name: draft.projectName })
            : (line.project?.title ?? draft.projectName)}
        </Chip>
      )}
      {draft.labels.map((label) => (
        <Chip key={label} icon={<IconTag size={size} />} label={t('quickAdd.parts.label')} color="grape">
          {label}
        </Chip>
      ))}
      {draft.dueDate && (
        <Chip icon={<IconCalendar size={size} />} label={t('quickAdd.parts.dueDate')} color="teal">
          {formatDateTime(draft.dueDate, i18n.language)}
        </Chip>
      )}
      {draft.priority !== null && (
        <Chip
          icon={<IconFlag size={size} />}
          label={t('quickAdd.parts.priority')}
          color={draft.priority >= 3 ? 'red' : 'yellow'}
        >
          {t(`quickAdd.priorities.${draft.priority}`)}
        </Chip>
      )}
      {draft.assignees.map((name) => (
        <Chip key={name} icon={<IconUser size={size} />} label={t('quickAdd.parts.assignee')} color="indigo">
          {name}
        </Chip>
      ))}
      {draft.repeat && (
        <Chip icon={<IconRepeat size={size} />} label={t('quickAdd.parts.repeat')} color="cyan">
          {repeatText(draft.repeat, t)}
        </Chip>
      )}
    </>
  );
}

const MAX_LINES = 8;

export function QuickAddPreview({ lines }: { lines: PreviewLine[] }) {
  const { t } = useTranslation();
  if (lines.length === 0) return null;
  const noProject = lines.some((line) => line.draft.projectId === null);

  if (lines.length === 1) {
    const [line] = lines;
    if (!hasRecognisedParts(line) && !noProject) return null;
    return (
      <Stack gap={4} aria-label={t('quickAdd.preview')} role="group" data-testid="quick-add-preview">
        {hasRecognisedParts(line) && (
          <Group gap={6}>
            <LineChips line={line} />
          </Group>
        )}
        {noProject && <NoProject />}
      </Stack>
    );
  }

  return (
    <Stack gap={4} aria-label={t('quickAdd.preview')} role="group" data-testid="quick-add-preview">
      <Text size="xs" c="dimmed">
        {t('quickAdd.manyTasks', { count: lines.length })}
      </Text>
      {lines.slice(0, MAX_LINES).map((line, index) => (
        <Group
          // Lines have no identity but their place; the list is rebuilt on every keystroke.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          key={index}
          gap={6}
          wrap="wrap"
          pl={line.depth * 20}
        >
          {line.depth > 0 && <IconSubtask size={14} aria-label={t('quickAdd.subtask')} />}
          <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
            {line.draft.title}
          </Text>
          <LineChips line={line} />
        </Group>
      ))}
      {lines.length > MAX_LINES && (
        <Text size="xs" c="dimmed">
          {t('quickAdd.moreTasks', { count: lines.length - MAX_LINES })}
        </Text>
      )}
      {noProject && <NoProject />}
    </Stack>
  );
}

function NoProject() {
  const { t } = useTranslation();
  return (
    <Text size="xs" c="red" role="alert">
      {t('quickAdd.noProject')}
    </Text>
  );
}

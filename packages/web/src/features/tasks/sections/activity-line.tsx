/**
 * One entry of a task's activity in the timeline beside its comments: who changed which field,
 * and the value before and after where one can be shown (a description's HTML is not).
 */
import { Group, Text } from '@mantine/core';
import { displayName } from '@ordo/core';
import { IconHistory } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { Activity } from '../../../api/activity';
import { formatDateTime } from '../task-dates';
import { activityValueText } from './activity-values';

/** The field label keys of tasks.fields the activity's field names map to. */
const FIELD_LABELS: Record<string, string> = {
  title: 'title',
  description: 'description',
  due_date: 'dueDate',
  start_date: 'startDate',
  end_date: 'endDate',
  priority: 'priority',
  percent_done: 'percentDone',
  hex_color: 'color',
  repeat_after: 'repeat',
  repeat_mode: 'repeat',
  assignees: 'assignees',
  labels: 'labels',
};

function sentence(t: TFunction, entry: Activity, name: string): string {
  if (entry.field === 'created') return t('tasks.activity.created', { name });
  if (entry.field === 'done')
    return t(entry.after ? 'tasks.activity.done' : 'tasks.activity.undone', { name });
  if (entry.field === 'project_id') return t('tasks.activity.moved', { name });
  const label = FIELD_LABELS[entry.field];
  return t('tasks.activity.changed', { name, field: label ? t(`tasks.fields.${label}`) : entry.field });
}

export function ActivityLine({ entry }: { entry: Activity }) {
  const { t, i18n } = useTranslation();
  const name = entry.actor ? displayName(entry.actor) : t('tasks.activity.someone');
  const before = activityValueText(t, entry.field, entry.before, i18n.language);
  const after = activityValueText(t, entry.field, entry.after, i18n.language);
  const showValues = !['created', 'done', 'project_id', 'description'].includes(entry.field);
  return (
    <Group gap={8} wrap="nowrap" align="flex-start" data-testid="activity-entry" px={4}>
      <IconHistory size={16} aria-hidden style={{ marginTop: 2, flexShrink: 0, opacity: 0.6 }} />
      <Text size="xs" c="dimmed" style={{ minWidth: 0 }}>
        {sentence(t, entry, name)}
        {showValues && (before !== null || after !== null) && (
          <>
            {': '}
            {before !== null && <s>{before}</s>}
            {before !== null && after !== null && ' → '}
            {after !== null && (
              <Text span inherit fw={600} c="var(--mantine-color-text)">
                {after}
              </Text>
            )}
          </>
        )}
        {' · '}
        {formatDateTime(new Date(entry.created), i18n.language)}
      </Text>
    </Group>
  );
}

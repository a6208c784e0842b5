/**
 * The due date with the defer buttons (spec 2 §4): +1, +3 or +7 days move the shown date at once;
 * the change is saved 1 s after the last press, or when the detail closes, and only if it differs
 * from the saved date.
 */
import { Button, Group, Stack } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deferredDate, deferSteps } from '../quick-dates';
import { dateOf, sameInstant, wireDate } from '../task-dates';
import type { TaskEditor } from '../use-task-editor';
import { DateField } from './date-field';

export const DEFER_SAVE_DELAY_MS = 1000;

export function DueDateField({ editor, weekStart }: { editor: TaskEditor; weekStart: number }) {
  const { t } = useTranslation();
  const saved = dateOf(editor.task.dueDate);
  const [pending, setPending] = useState<Date | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const latest = useRef({ pending, saved, save: editor.save });
  latest.current = { pending, saved, save: editor.save };

  function flush() {
    window.clearTimeout(timer.current);
    timer.current = undefined;
    const { pending: next, saved: current, save } = latest.current;
    if (next && !sameInstant(next, current)) save({ dueDate: wireDate(next) });
    setPending(null);
  }

  // Closing the detail saves a deferral that is still waiting for its timer.
  useEffect(
    () => () => {
      if (timer.current !== undefined) {
        window.clearTimeout(timer.current);
        const { pending: next, saved: current, save } = latest.current;
        if (next && !sameInstant(next, current)) save({ dueDate: wireDate(next) });
      }
    },
    [],
  );

  function defer(days: number) {
    const base = pending ?? saved;
    if (!base) return;
    setPending(deferredDate(base, days));
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(flush, DEFER_SAVE_DELAY_MS);
  }

  const shown = pending ?? saved;
  return (
    <Stack gap={6}>
      <DateField
        label={t('tasks.fields.dueDate')}
        value={shown}
        onChange={(date) => {
          window.clearTimeout(timer.current);
          timer.current = undefined;
          setPending(null);
          editor.save({ dueDate: wireDate(date) });
        }}
        disabled={!editor.canWrite}
        overdueColor={!editor.task.done}
        weekStart={weekStart}
      />
      {shown && editor.canWrite && (
        <Group gap={4} wrap="nowrap" aria-label={t('tasks.defer.label')} role="group">
          {deferSteps.map((days) => (
            <Button key={days} size="compact-xs" variant="light" onClick={() => defer(days)}>
              {t('tasks.defer.days', { count: days })}
            </Button>
          ))}
        </Group>
      )}
    </Stack>
  );
}

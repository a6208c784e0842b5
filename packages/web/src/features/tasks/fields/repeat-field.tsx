/**
 * The repeat editor (spec 2 §3, §5): every N hours, days, weeks, months or years, monthly on the
 * calendar, or counted from when the task is done. The amount must be above 0, except in the
 * monthly mode; "Does not repeat" clears it. A rule from a calendar app that these settings cannot
 * show (weekdays, a count, yearly…) is shown as it is, read-only, until the user replaces it.
 */
import { Button, Code, Group, NumberInput, Select, Stack, Text } from '@mantine/core';
import { isCustomRrule, isRepeating, type RepeatMode } from '@ordo/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { intervalFromSeconds, type RepeatUnit, repeatUnits, secondsFromInterval } from '../repeat-interval';
import type { TaskEditor } from '../use-task-editor';

const modes = [
  { value: 0, key: 'interval' },
  { value: 1, key: 'monthly' },
  { value: 2, key: 'fromCurrentDate' },
] as const;

export function RepeatField({ editor }: { editor: TaskEditor }) {
  const { t } = useTranslation();
  const { repeatAfter, repeatMode } = editor.task;
  const savedInterval = intervalFromSeconds(repeatAfter);
  const [amount, setAmount] = useState<number | string>(savedInterval.amount || '');
  const [unit, setUnit] = useState<RepeatUnit>(
    savedInterval.unit === 'hours' && !repeatAfter ? 'days' : savedInterval.unit,
  );
  const [mode, setMode] = useState<RepeatMode>(repeatMode as RepeatMode);
  const [error, setError] = useState<string | null>(null);
  const rule = editor.task.repeatRule ?? '';
  const [replacing, setReplacing] = useState(false);
  // Any repeat chosen here replaces the calendar app's rule.
  const dropRule = rule ? { repeatRule: '' } : {};

  useEffect(() => {
    const interval = intervalFromSeconds(repeatAfter);
    setAmount(interval.amount || '');
    if (repeatAfter) setUnit(interval.unit);
    setMode(repeatMode as RepeatMode);
  }, [repeatAfter, repeatMode]);

  function commit(next: { amount: number | string; unit: RepeatUnit; mode: RepeatMode }) {
    if (next.mode === 1) {
      setError(null);
      if (repeatMode !== 1 || rule) editor.save({ repeatMode: 1, repeatAfter: 0, ...dropRule });
      return;
    }
    const n = typeof next.amount === 'number' ? next.amount : Number(next.amount);
    if (!Number.isFinite(n) || n <= 0) {
      setError(t('tasks.repeat.amountRequired'));
      return;
    }
    setError(null);
    const seconds = secondsFromInterval({ amount: n, unit: next.unit });
    if (seconds !== repeatAfter || next.mode !== repeatMode || rule)
      editor.save({ repeatAfter: seconds, repeatMode: next.mode, ...dropRule });
  }

  const repeating = isRepeating({ repeatAfter, repeatMode: repeatMode as RepeatMode });
  const disabled = !editor.canWrite;
  if (isCustomRrule(rule) && !replacing) {
    return (
      <Stack gap={4} align="flex-start">
        <Text size="sm">{t('tasks.repeat.custom')}</Text>
        <Code data-testid="custom-repeat-rule">{rule}</Code>
        {!disabled && (
          <Button size="compact-xs" variant="light" onClick={() => setReplacing(true)}>
            {t('tasks.repeat.replaceCustom')}
          </Button>
        )}
      </Stack>
    );
  }
  return (
    <Stack gap={6}>
      <Group gap={4} wrap="wrap">
        {(
          [
            ['daily', 1, 'days', 0],
            ['weekly', 1, 'weeks', 0],
            ['monthly', 1, 'months', 1],
          ] as const
        ).map(([name, n, u, m]) => {
          // The preset that is the task's repeat now is shown as chosen.
          const chosen =
            !rule &&
            repeatMode === m &&
            (m === 1 || repeatAfter === secondsFromInterval({ amount: n, unit: u }));
          return (
            <Button
              key={name}
              size="compact-xs"
              variant={chosen ? 'filled' : 'light'}
              aria-pressed={chosen}
              disabled={disabled}
              onClick={() => {
                setAmount(n);
                setUnit(u);
                setMode(m);
                commit({ amount: n, unit: u, mode: m });
              }}
            >
              {t(`tasks.repeat.${name}`)}
            </Button>
          );
        })}
        {repeating && (
          <Button
            size="compact-xs"
            variant="subtle"
            color="gray"
            disabled={disabled}
            onClick={() => editor.save({ repeatAfter: 0, repeatMode: 0, ...dropRule })}
          >
            {t('tasks.repeat.none')}
          </Button>
        )}
      </Group>
      <Select
        aria-label={t('tasks.repeat.mode')}
        data={modes.map((m) => ({ value: String(m.value), label: t(`tasks.repeat.modes.${m.key}`) }))}
        value={String(mode)}
        allowDeselect={false}
        disabled={disabled}
        data-task-focus="click"
        onChange={(value) => {
          const next = Number(value) as RepeatMode;
          setMode(next);
          if (next === 1 || Number(amount) > 0) commit({ amount, unit, mode: next });
        }}
      />
      {mode !== 1 && (
        <Group gap={6} wrap="nowrap" align="flex-start">
          <NumberInput
            aria-label={t('tasks.repeat.amount')}
            value={amount}
            onChange={setAmount}
            onBlur={() => amount !== '' && commit({ amount, unit, mode })}
            onKeyDown={(event) => event.key === 'Enter' && commit({ amount, unit, mode })}
            min={1}
            allowDecimal={false}
            w={110}
            disabled={disabled}
            error={error}
            leftSection={<Text size="xs">{t('tasks.repeat.every')}</Text>}
            leftSectionWidth={44}
          />
          <Select
            aria-label={t('tasks.repeat.unit')}
            data={repeatUnits.map((u) => ({ value: u, label: t(`tasks.repeat.units.${u}`) }))}
            value={unit}
            allowDeselect={false}
            disabled={disabled}
            onChange={(value) => {
              if (!value) return;
              setUnit(value as RepeatUnit);
              if (Number(amount) > 0) commit({ amount, unit: value as RepeatUnit, mode });
            }}
            style={{ flex: 1 }}
            miw={100}
          />
        </Group>
      )}
    </Stack>
  );
}

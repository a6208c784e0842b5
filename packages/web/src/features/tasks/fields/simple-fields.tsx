/** Priority, percent done and colour: one control each, saved on change. */
import { ColorInput, Select } from '@mantine/core';
import { colorWithHash, colorWithoutHash, labelColorPalette } from '@ordo/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaskEditor } from '../use-task-editor';
import { priorityNames } from './priority-names';

export function PriorityField({ editor }: { editor: TaskEditor }) {
  const { t } = useTranslation();
  return (
    <Select
      aria-label={t('tasks.fields.priority')}
      data={priorityNames.map((name, value) => ({
        value: String(value),
        label: t(`tasks.priority.${name}`),
      }))}
      value={String(editor.task.priority)}
      onChange={(value) => value !== null && editor.save({ priority: Number(value) })}
      allowDeselect={false}
      disabled={!editor.canWrite}
      data-task-focus="click"
      comboboxProps={{ withinPortal: true }}
    />
  );
}

export function PercentDoneField({ editor }: { editor: TaskEditor }) {
  const { t } = useTranslation();
  const steps = Array.from({ length: 11 }, (_, i) => i * 10);
  const current = Math.round(editor.task.percentDone * 100);
  const data = steps.includes(current) ? steps : [...steps, current].sort((a, b) => a - b);
  return (
    <Select
      aria-label={t('tasks.fields.percentDone')}
      data={data.map((value) => ({ value: String(value), label: `${value}%` }))}
      value={String(current)}
      onChange={(value) => value !== null && editor.save({ percentDone: Number(value) / 100 })}
      allowDeselect={false}
      disabled={!editor.canWrite}
      data-task-focus="click"
      // Every step at once: no list to scroll (one that scrolls cannot be reached with Tab, the
      // arrows move through the choices from the field).
      maxDropdownHeight={480}
    />
  );
}

export function ColorField({ editor }: { editor: TaskEditor }) {
  const { t } = useTranslation();
  const saved = colorWithHash(editor.task.hexColor);
  const [value, setValue] = useState(saved);
  useEffect(() => setValue(saved), [saved]);
  const commit = (color: string) => {
    if (colorWithoutHash(color) !== colorWithoutHash(saved))
      editor.save({ hexColor: colorWithoutHash(color) });
  };
  return (
    <ColorInput
      aria-label={t('tasks.fields.color')}
      value={value}
      onChange={setValue}
      onChangeEnd={commit}
      onBlur={() => commit(value)}
      format="hex"
      swatches={labelColorPalette.map((hex) => `#${hex}`)}
      swatchesPerRow={7}
      placeholder={t('tasks.color.none')}
      disabled={!editor.canWrite}
      data-task-focus="click"
    />
  );
}

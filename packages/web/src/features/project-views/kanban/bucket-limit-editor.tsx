/** A bucket's card limit, set in place under its header (0: no limit). Loaded when asked for. */
import { Button, Group, NumberInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoardBucket } from './board-state';

export interface BucketLimitEditorProps {
  bucket: BoardBucket;
  onSave: (limit: number) => void;
  onClose: () => void;
}

export function BucketLimitEditor({ bucket, onSave, onClose }: BucketLimitEditorProps) {
  const { t } = useTranslation();
  const [value, setValue] = useState<number | string>(bucket.limit);
  function save() {
    const limit = typeof value === 'number' ? value : Number.parseInt(value, 10) || 0;
    if (limit !== bucket.limit) onSave(Math.max(0, Math.floor(limit)));
    onClose();
  }
  return (
    <Group gap={6} px="xs" pb="xs" wrap="nowrap" align="flex-end">
      <NumberInput
        size="xs"
        style={{ flex: 1 }}
        label={t('projectViews.kanban.limitLabel')}
        description={t('projectViews.kanban.limitHint')}
        min={0}
        allowDecimal={false}
        allowNegative={false}
        value={value}
        onChange={setValue}
        autoFocus
        onKeyDown={(event) => {
          if (event.key === 'Enter') save();
          if (event.key === 'Escape') onClose();
        }}
      />
      <Button size="xs" onClick={save}>
        {t('common.save')}
      </Button>
    </Group>
  );
}

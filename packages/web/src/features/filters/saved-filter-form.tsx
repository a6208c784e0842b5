/**
 * The saved filter form (spec 2 §5): title (required, checked 100 ms after typing), description,
 * the filter in the filter editor (titles shown, ids saved) and the include-nulls checkbox.
 */
import { Button, Checkbox, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SavedFilterInput, SavedFilterSettings } from '../../api/saved-filters';
import { errorText } from '../../i18n/error-text';
import { filterErrorPart, filterErrorText, isFilterError } from './filter-error';
import { FilterHelpHint } from './filter-help-hint';
import { FilterHelpModal } from './filter-help-modal';
import { FilterInput } from './filter-input';
import { useFilterConversion } from './filter-lookups';

export const TITLE_CHECK_DELAY_MS = 100;

interface FormProps {
  initial: { title: string; description: string; filters: SavedFilterSettings };
  submitLabel: string;
  pending: boolean;
  /** The last save's error: filter errors show under the filter. */
  error: unknown;
  onSubmit: (input: SavedFilterInput) => void;
  onCancel: () => void;
}

export function SavedFilterForm({ initial, submitLabel, pending, error, onSubmit, onCancel }: FormProps) {
  const { t } = useTranslation();
  const conversion = useFilterConversion();
  const [title, setTitle] = useState(initial.title);
  const [touched, setTouched] = useState(false);
  const [checkedTitle] = useDebouncedValue(title, TITLE_CHECK_DELAY_MS);
  const [description, setDescription] = useState(initial.description);
  const [filterDraft, setFilterDraft] = useState<string | null>(null);
  const [includeNulls, setIncludeNulls] = useState(initial.filters.filterIncludeNulls);
  const [helpOpen, setHelpOpen] = useState(false);
  // The stored filter holds ids; it is shown with titles once labels and projects are loaded.
  const filterText = filterDraft ?? conversion.toEditor(initial.filters.filter);
  const titleError = touched && checkedTitle.trim() === '' ? t('filters.form.titleRequired') : null;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (title.trim() === '') return;
    const filter = await conversion.toApi(filterText);
    onSubmit({
      title: title.trim(),
      description,
      filters: { ...initial.filters, filter, filterIncludeNulls: includeNulls },
    });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label={t('filters.form.title')}
          value={title}
          onChange={(event) => {
            setTitle(event.currentTarget.value);
            setTouched(true);
          }}
          error={titleError}
          required
          data-autofocus
        />
        <Textarea
          label={t('filters.form.description')}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          autosize
          minRows={2}
          maxRows={8}
        />
        <FilterInput
          label={t('filters.form.filter')}
          description={
            <FilterHelpHint hint={t('filters.form.filterHint')} onOpenHelp={() => setHelpOpen(true)} />
          }
          value={filterText}
          onChange={setFilterDraft}
          allowProject
          error={isFilterError(error) ? filterErrorText(errorText(error, t)) : null}
          errorPart={filterErrorPart(error)}
        />
        <Checkbox
          label={t('filters.includeNulls')}
          checked={includeNulls}
          onChange={(event) => setIncludeNulls(event.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={pending} disabled={!!titleError}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
      <FilterHelpModal opened={helpOpen} onClose={() => setHelpOpen(false)} />
    </form>
  );
}

/**
 * The filter bar of a task view (list, table, kanban, gantt): the filter editor bound to the URL,
 * the include-nulls checkbox, a help button, apply and clear. Text that is not a filter query is
 * a search (`s`), so `PROJ-12`, `#12` or words find tasks. Pass the task query's error so a
 * filter error shows under the input.
 */
import { ActionIcon, Button, Checkbox, Group, Stack } from '@mantine/core';
import { hasFilterQuery } from '@ordo/core';
import { IconHelp, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyPage, preloadQuietly } from '../../app/lazy-page';
import { errorText } from '../../i18n/error-text';
import { OnceOpened } from '../../ui/once-opened';
import { filterErrorPart, filterErrorText, isFilterError } from './filter-error';
import { FilterInput } from './filter-input';
import { useFilterConversion } from './filter-lookups';
import { useUrlTaskFilter } from './use-url-task-filter';

// The syntax help loads when first wanted: the view draws without it and its tables.
const FilterHelpModal = lazyPage<'FilterHelpModal', { opened: boolean; onClose: () => void }>(
  () => import('./filter-help-modal'),
  'FilterHelpModal',
);

export function TaskFilterBar({ error, allowProject = false }: { error?: unknown; allowProject?: boolean }) {
  const { t } = useTranslation();
  const { current, apply } = useUrlTaskFilter();
  const conversion = useFilterConversion();
  const [draft, setDraft] = useState<string | null>(null);
  const [helpOpen, setHelpOpen] = useState(false);
  const fromUrl = current.filter ? conversion.toEditor(current.filter) : current.s;
  const text = draft ?? fromUrl;
  const active = current.filter !== '' || current.s !== '';

  async function submit(includeNulls = current.includeNulls) {
    const trimmed = text.trim();
    if (hasFilterQuery(trimmed)) apply({ filter: await conversion.toApi(trimmed), s: '', includeNulls });
    else apply({ filter: '', s: trimmed, includeNulls });
    setDraft(null);
  }

  const filterError = isFilterError(error) ? filterErrorText(errorText(error, t)) : null;

  return (
    <Stack gap={6}>
      <Group gap="xs" align="flex-start">
        {/* On a phone the editor takes the whole line and the buttons wrap below it. */}
        <div style={{ flex: '1 1 260px', minWidth: 0 }}>
          <FilterInput
            label={t('filters.input.label')}
            hideLabel
            placeholder={t('filters.input.placeholder')}
            value={text}
            onChange={setDraft}
            onSubmit={() => submit()}
            allowProject={allowProject}
            error={filterError}
            errorPart={filterErrorPart(error)}
          />
        </div>
        <ActionIcon
          variant="default"
          size={36}
          onClick={() => setHelpOpen(true)}
          onPointerEnter={() => preloadQuietly(FilterHelpModal)}
          onFocus={() => preloadQuietly(FilterHelpModal)}
          aria-label={t('filters.help.open')}
          data-tip={t('filters.help.open')}
        >
          <IconHelp size={18} />
        </ActionIcon>
        <Button onClick={() => submit()} variant="light" px="sm">
          {t('filters.input.apply')}
        </Button>
        {active && (
          <ActionIcon
            variant="subtle"
            color="gray"
            size={36}
            aria-label={t('filters.input.clear')}
            data-tip={t('filters.input.clear')}
            onClick={() => {
              setDraft(null);
              apply({ filter: '', s: '', includeNulls: false });
            }}
          >
            <IconX size={18} />
          </ActionIcon>
        )}
      </Group>
      <Checkbox
        size="xs"
        label={t('filters.includeNulls')}
        checked={current.includeNulls}
        onChange={(event) => submit(event.currentTarget.checked)}
      />
      <OnceOpened opened={helpOpen}>
        <FilterHelpModal opened={helpOpen} onClose={() => setHelpOpen(false)} />
      </OnceOpened>
    </Stack>
  );
}

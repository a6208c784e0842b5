/**
 * One custom field of a task, edited in place with the control its kind needs: text, a number,
 * a date and time, one or several of the choices, a checkbox, a web address with a link to open
 * it, or a person who can see the project. Typed values save when the input is left (or Enter);
 * picks save at once. Read-only users see the value as text.
 */
import {
  ActionIcon,
  Anchor,
  Checkbox,
  Group,
  MultiSelect,
  Select,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { CUSTOM_FIELD_LIMITS, displayName, toIsoSeconds } from '@ordo/core';
import { IconExternalLink } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomField, CustomFieldValue } from '../../api/custom-fields';
import { taskKeys } from '../../api/tasks';
import type { User } from '../../api/types';
import { searchProjectUsers } from '../../api/users';
import { lazyPage } from '../../app/lazy-page';
import { SearchSelect } from '../../ui/search-select';
import { EditorPlace } from '../tasks/detail/editor-place';
import { formatFieldValue, isEmptyValue, isUser, isWebUrl, parseNumberText } from './field-values';

// The date picker (Mantine's dates, dayjs) loads with the first date field shown; the task detail
// shares it with its own date fields.
const DateField = lazyPage(() => import('../tasks/fields/date-field'), 'DateField');

export interface CustomFieldInputProps {
  field: CustomField;
  value: CustomFieldValue | undefined;
  projectId: number;
  canWrite: boolean;
  weekStart: number;
  /** Save the value (`null` clears it); called only when it changed. */
  onSave: (value: CustomFieldValue | number | null) => void;
}

/** Enter commits a typed value as leaving the input does. */
function blurOnEnter(event: KeyboardEvent<HTMLInputElement>) {
  if (event.key === 'Enter') event.currentTarget.blur();
}

/** A typed value (text, number, url): kept while typing, checked and saved when left. */
function TypedInput({ field, value, onSave }: Pick<CustomFieldInputProps, 'field' | 'value' | 'onSave'>) {
  const { t, i18n } = useTranslation();
  const saved = value === undefined ? '' : String(value);
  const [text, setText] = useState(saved);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    setText(saved);
    setError(null);
  }, [saved]);

  function commit() {
    const trimmed = field.kind === 'text' ? text : text.trim();
    if (field.kind === 'number') {
      const number = parseNumberText(trimmed);
      if (number === undefined) return setError(t('customFields.invalidNumber'));
      setError(null);
      if (number !== (value ?? null)) onSave(number);
      return;
    }
    if (field.kind === 'url' && trimmed !== '' && !isWebUrl(trimmed))
      return setError(t('customFields.invalidUrl'));
    setError(null);
    if (trimmed !== saved) onSave(trimmed === '' ? null : trimmed);
  }

  const link = field.kind === 'url' && typeof value === 'string' && isWebUrl(value) ? value : null;
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <TextInput
        aria-label={field.title}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        onBlur={commit}
        onKeyDown={blurOnEnter}
        error={error}
        inputMode={field.kind === 'number' ? 'decimal' : field.kind === 'url' ? 'url' : undefined}
        type={field.kind === 'url' ? 'url' : 'text'}
        placeholder={t(
          `customFields.placeholder.${field.kind === 'number' ? 'number' : field.kind === 'url' ? 'url' : 'text'}`,
        )}
        maxLength={field.kind === 'url' ? CUSTOM_FIELD_LIMITS.url : CUSTOM_FIELD_LIMITS.text}
        title={
          field.kind === 'number' && typeof value === 'number'
            ? new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 10 }).format(value)
            : undefined
        }
        style={{ flex: 1, minWidth: 0 }}
        data-task-focus="click"
      />
      {link && (
        <Tooltip label={t('customFields.openLink', { title: field.title })}>
          <ActionIcon
            component="a"
            href={link}
            target="_blank"
            rel="noopener noreferrer"
            variant="default"
            size="input-sm"
            aria-label={t('customFields.openLink', { title: field.title })}
          >
            <IconExternalLink size={16} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}

/**
 * A checkbox field shows its new state as it is clicked. The task's own update (the save's
 * optimistic change) lands a moment later, and until then a box bound to it alone would spring
 * back; a refused save still brings it back, through `checked`.
 */
function FieldCheckbox({
  title,
  checked,
  onSave,
}: {
  title: string;
  checked: boolean;
  onSave: (value: boolean) => void;
}) {
  const [shown, setShown] = useState(checked);
  useEffect(() => setShown(checked), [checked]);
  return (
    <Checkbox
      aria-label={title}
      checked={shown}
      onChange={(event) => {
        setShown(event.currentTarget.checked);
        onSave(event.currentTarget.checked);
      }}
      mt={6}
      data-task-focus="click"
    />
  );
}

/** A person who can see the project, searched among them as the user types. */
function UserInput({
  field,
  value,
  projectId,
  onSave,
}: Pick<CustomFieldInputProps, 'field' | 'value' | 'projectId' | 'onSave'>) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [opened, setOpened] = useState(false);
  const [debounced] = useDebouncedValue(search.trim(), 150);
  const current = isUser(value) ? value : null;
  const typing = current !== null && search === displayName(current) ? '' : debounced;
  const users = useQuery({
    queryKey: taskKeys.projectUsers(projectId, typing),
    queryFn: () => searchProjectUsers(projectId, typing),
    // Asked only once the list opens: a closed picker shows the chosen person alone.
    enabled: opened,
  });
  const found: User[] = users.data ?? [];
  const all = current && !found.some((u) => u.id === current.id) ? [current, ...found] : found;
  return (
    <SearchSelect
      aria-label={field.title}
      placeholder={t('customFields.placeholder.user')}
      data={all.map((user) => ({ value: String(user.id), label: displayName(user) }))}
      value={current ? String(current.id) : null}
      onChange={(id) => {
        if ((id === null ? null : Number(id)) === (current?.id ?? null)) return;
        // The user object (the server reads its id) shows at once, before the answer.
        onSave(id === null ? null : (all.find((user) => user.id === Number(id)) ?? Number(id)));
      }}
      onDropdownOpen={() => setOpened(true)}
      onSearchChange={setSearch}
      pending={search.trim() !== debounced || users.isFetching}
      loading={users.isFetching}
      nothingFoundMessage={t('customFields.nobody')}
      clearable
      data-task-focus="click"
    />
  );
}

export function CustomFieldInput({
  field,
  value,
  projectId,
  canWrite,
  weekStart,
  onSave,
}: CustomFieldInputProps) {
  const { t, i18n } = useTranslation();
  if (!canWrite) {
    const text = formatFieldValue(field, value, i18n.language, {
      yes: t('customFields.yes'),
      no: t('customFields.no'),
    });
    if (field.kind === 'url' && typeof value === 'string' && isWebUrl(value))
      return (
        <Anchor
          href={value}
          target="_blank"
          rel="noopener noreferrer"
          size="sm"
          style={{ overflowWrap: 'anywhere' }}
        >
          {value}
        </Anchor>
      );
    return (
      <Text
        size="sm"
        c={text ? undefined : 'dimmed'}
        style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}
      >
        {text || t('customFields.empty')}
      </Text>
    );
  }
  switch (field.kind) {
    case 'date':
      return (
        <Suspense fallback={<EditorPlace />}>
          <DateField
            label={field.title}
            value={typeof value === 'string' ? new Date(value) : null}
            onChange={(date) => onSave(date ? toIsoSeconds(date) : null)}
            weekStart={weekStart}
          />
        </Suspense>
      );
    case 'choice':
      return (
        <Select
          aria-label={field.title}
          placeholder={t('customFields.placeholder.choice')}
          data={field.options}
          value={typeof value === 'string' ? value : null}
          onChange={(choice) => {
            if (choice !== (value ?? null)) onSave(choice);
          }}
          clearable
          comboboxProps={{ withinPortal: true }}
          data-task-focus="click"
        />
      );
    case 'choices':
      return (
        <MultiSelect
          aria-label={field.title}
          placeholder={isEmptyValue(value) ? t('customFields.placeholder.choices') : undefined}
          data={field.options}
          value={Array.isArray(value) ? value : []}
          onChange={(choices) => onSave(choices.length > 0 ? choices : null)}
          clearable
          comboboxProps={{ withinPortal: true }}
          data-task-focus="click"
        />
      );
    case 'checkbox':
      return <FieldCheckbox title={field.title} checked={value === true} onSave={onSave} />;
    case 'user':
      return <UserInput field={field} value={value} projectId={projectId} onSave={onSave} />;
    default:
      return <TypedInput field={field} value={value} onSave={onSave} />;
  }
}

/**
 * The values a task has of the fields its project shows on cards (`showOnCards`), as small chips
 * "Title value" on list rows and kanban cards, in the project's field order (which ones:
 * `cardFields`). A ticked checkbox shows as its title with a check mark. Screen readers hear
 * "Title: value"; the chip's title attribute holds the whole text where the chip cuts it.
 */
import { Badge, VisuallyHidden } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomField, CustomFieldValue, CustomFieldValues } from '../../api/custom-fields';
import { UserAvatar } from '../users/user-avatar';
import classes from './field-chips.module.css';
import { cardFields, formatFieldValue, isUser } from './field-values';
import { useCustomFields } from './use-custom-fields';

/** The look every chip shares: small, quiet, in the card's own case. */
const CHIP = {
  className: classes.chip,
  size: 'sm',
  radius: 'sm',
  variant: 'light',
  color: 'gray',
  tt: 'none',
} as const;

function FieldChip({ field, value }: { field: CustomField; value: CustomFieldValue }) {
  const { t, i18n } = useTranslation();
  if (field.kind === 'checkbox') {
    const label = t('projectViews.fieldChecked', { title: field.title });
    return (
      <Badge
        {...CHIP}
        fw={500}
        title={label}
        leftSection={<IconCheck size={11} aria-hidden="true" />}
        data-field-chip={field.id}
      >
        <VisuallyHidden>{label}</VisuallyHidden>
        <span aria-hidden="true" className={classes.value}>
          {field.title}
        </span>
      </Badge>
    );
  }
  const text = formatFieldValue(field, value, i18n.language, {
    yes: t('customFields.yes'),
    no: t('customFields.no'),
  });
  const label = t('projectViews.fieldValue', { title: field.title, value: text });
  return (
    <Badge {...CHIP} fw={400} title={label} data-field-chip={field.id}>
      <VisuallyHidden>{label}</VisuallyHidden>
      <span aria-hidden="true" className={classes.name}>
        {field.title}
      </span>
      {isUser(value) && <UserAvatar user={value} size={14} aria-hidden="true" />}
      <span aria-hidden="true" className={classes.value}>
        {text}
      </span>
    </Badge>
  );
}

/** Whether a task has any field values at all: only then are its project's fields asked for. */
export function hasFieldValues(values: CustomFieldValues | null | undefined): values is CustomFieldValues {
  return !!values && Object.keys(values).length > 0;
}

/**
 * The fields a task's card shows, of a task with values. A saved filter's tasks each read their
 * own project's fields (one request per project, shared by every card of it).
 */
function useCardFields(projectId: number, values: CustomFieldValues): CustomField[] {
  const fields = useCustomFields(projectId);
  return fields.data ? cardFields(fields.data, values) : [];
}

/**
 * A task's chips. A task without values (most of them) renders nothing and asks for nothing: no
 * query per row or card, which a board of hundreds of cards would otherwise set up twice each.
 * `id` names the chips for a card's `aria-describedby`; a task with values always has an element
 * of that id, empty until its project's fields are known or when none of them is shown.
 */
export const FieldChips = memo(function FieldChips({
  projectId,
  values,
  id,
}: {
  projectId: number;
  values: CustomFieldValues | null | undefined;
  /** For the kanban card's `aria-describedby`. */
  id?: string;
}) {
  if (!hasFieldValues(values)) return null;
  return <ChipsOfValues projectId={projectId} values={values} id={id} />;
});

function ChipsOfValues({
  projectId,
  values,
  id,
}: {
  projectId: number;
  values: CustomFieldValues;
  id?: string;
}) {
  const shown = useCardFields(projectId, values);
  if (shown.length === 0) return id ? <div id={id} hidden /> : null;
  return (
    <div className={classes.chips} id={id}>
      {shown.map((field) => (
        <FieldChip key={field.id} field={field} value={values[String(field.id)]} />
      ))}
    </div>
  );
}

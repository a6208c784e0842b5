/** A custom field's value in a table cell, formatted by its kind (a link opens in a new tab). */
import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CustomField, CustomFieldValue } from '../../api/custom-fields';
import { formatFieldValue, isWebUrl } from './field-values';

export function FieldCell({ field, value }: { field: CustomField; value: CustomFieldValue | undefined }) {
  const { t, i18n } = useTranslation();
  if (value === undefined) return null;
  if (field.kind === 'url' && typeof value === 'string' && isWebUrl(value)) {
    return (
      <Anchor href={value} target="_blank" rel="noopener noreferrer" size="sm" truncate="end" display="block">
        {value.replace(/^https?:\/\//, '')}
      </Anchor>
    );
  }
  const text = formatFieldValue(field, value, i18n.language, {
    yes: t('customFields.yes'),
    no: t('customFields.no'),
  });
  return (
    <Text size="sm" truncate="end" ta={field.kind === 'number' ? 'end' : undefined} title={text}>
      {text}
    </Text>
  );
}

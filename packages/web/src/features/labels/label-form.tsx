/** Title, description and colour of a label, with a live preview of how it will look. */
import { ColorInput, Group, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { colorWithHash, FIELD_LIMITS, labelColorPalette } from '@ordo/core';
import { useTranslation } from 'react-i18next';
import type { LabelInput } from '../../api/labels';
import { LabelBadge } from './label-badge';

export const paletteSwatches = labelColorPalette.map((hex) => `#${hex}`);

export function LabelForm({
  value,
  onChange,
  titleError,
  readOnly = false,
}: {
  value: LabelInput;
  onChange: (next: LabelInput) => void;
  titleError?: string | null;
  readOnly?: boolean;
}) {
  const { t } = useTranslation();
  // Read only: filled fields without the required mark or the first field's focus, so they do not
  // look like a form waiting for input.
  const variant = readOnly ? 'filled' : 'default';
  return (
    <Stack gap="md">
      <TextInput
        label={t('labels.fields.title')}
        value={value.title}
        onChange={(e) => onChange({ ...value, title: e.currentTarget.value })}
        error={titleError}
        maxLength={FIELD_LIMITS.title}
        withAsterisk={!readOnly}
        readOnly={readOnly}
        variant={variant}
        data-autofocus={readOnly ? undefined : true}
      />
      <Textarea
        label={t('labels.fields.description')}
        value={value.description}
        onChange={(e) => onChange({ ...value, description: e.currentTarget.value })}
        autosize
        minRows={2}
        maxRows={6}
        readOnly={readOnly}
        variant={variant}
      />
      <ColorInput
        label={t('labels.fields.color')}
        value={colorWithHash(value.hexColor)}
        onChange={(color) => onChange({ ...value, hexColor: color })}
        format="hex"
        swatches={paletteSwatches}
        swatchesPerRow={7}
        placeholder={t('labels.fields.colorNone')}
        readOnly={readOnly}
        disallowInput={readOnly}
        variant={variant}
      />
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          {t('labels.preview')}
        </Text>
        <LabelBadge label={{ title: value.title || t('labels.fields.title'), hexColor: value.hexColor }} />
      </Group>
    </Stack>
  );
}

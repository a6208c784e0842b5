/** The project colour: a picker with a few swatches; empty means no colour. */
import { ColorInput } from '@mantine/core';
import { colorWithHash, colorWithoutHash, labelColorPalette } from '@ordo/core';
import { useTranslation } from 'react-i18next';

export function ProjectColorInput({ value, onChange }: { value: string; onChange: (hex: string) => void }) {
  const { t } = useTranslation();
  return (
    <ColorInput
      label={t('projects.form.color')}
      placeholder={t('projects.form.noColor')}
      value={colorWithHash(value)}
      onChange={(next) => onChange(colorWithoutHash(next))}
      format="hex"
      swatches={labelColorPalette.map(colorWithHash)}
      swatchesPerRow={7}
      withEyeDropper={false}
      popoverProps={{ withinPortal: true }}
    />
  );
}

/** The share rights (spec 2 §3 Rights): read only, read & write, admin. */
import { Select } from '@mantine/core';
import { isRight, Right } from '@ordo/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

const RIGHTS: Right[] = [Right.read, Right.write, Right.admin];

export function rightLabel(right: Right, t: TFunction): string {
  if (right === Right.admin) return t('sharing.rights.admin');
  if (right === Right.write) return t('sharing.rights.write');
  return t('sharing.rights.read');
}

export function RightSelect({
  value,
  onChange,
  label,
  max = Right.admin,
  disabled = false,
  withLabel = true,
}: {
  value: Right;
  onChange: (right: Right) => void;
  /** The accessible name; shown above the box unless `withLabel` is false. */
  label: string;
  /** The highest right offered (a link share cannot give more than its creator has). */
  max?: Right;
  disabled?: boolean;
  withLabel?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Select
      label={withLabel ? label : undefined}
      aria-label={withLabel ? undefined : label}
      value={String(value)}
      onChange={(next) => {
        const right = Number(next);
        if (isRight(right)) onChange(right);
      }}
      data={RIGHTS.filter((r) => r <= max).map((r) => ({ value: String(r), label: rightLabel(r, t) }))}
      allowDeselect={false}
      disabled={disabled}
      w={170}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

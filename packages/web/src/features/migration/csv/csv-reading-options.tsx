/**
 * How the CSV file is read: its separator, the quote around values and the lines above the header
 * row (a title or notes a spreadsheet put there). Sniffed by the server; a change reads the file
 * again, since the columns follow from them.
 */
import { Group, NumberInput, Select } from '@mantine/core';
import { CSV_DELIMITERS, CSV_QUOTE_CHARS } from '@ordo/core';
import { useTranslation } from 'react-i18next';
import type { CsvReading } from '../../../api/csv-import';

export const DELIMITER_NAMES: Record<string, string> = {
  ',': 'comma',
  ';': 'semicolon',
  '\t': 'tab',
  '|': 'pipe',
};

/** Lines above the header row the form offers to skip. */
const MAX_SKIPPED = 50;

export function CsvReadingOptions({
  reading,
  disabled,
  onChange,
}: {
  reading: CsvReading;
  disabled: boolean;
  onChange: (reading: CsvReading) => void;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="md" align="flex-end" wrap="wrap">
      <Select
        label={t('csvImport.options.delimiter')}
        data={CSV_DELIMITERS.map((d) => ({
          value: d,
          label: t(`csvImport.delimiters.${DELIMITER_NAMES[d] ?? 'comma'}`),
        }))}
        value={reading.delimiter}
        allowDeselect={false}
        disabled={disabled}
        onChange={(value) => value && onChange({ ...reading, delimiter: value })}
        w={180}
      />
      <Select
        label={t('csvImport.options.quote')}
        data={CSV_QUOTE_CHARS.map((q) => ({ value: q, label: `${q}…${q}` }))}
        value={reading.quote_char}
        allowDeselect={false}
        disabled={disabled}
        onChange={(value) => value && onChange({ ...reading, quote_char: value })}
        w={140}
      />
      <NumberInput
        label={t('csvImport.options.skipRows')}
        value={reading.skip_rows}
        min={0}
        max={MAX_SKIPPED}
        allowDecimal={false}
        allowNegative={false}
        clampBehavior="strict"
        disabled={disabled}
        onChange={(value) => {
          const rows = typeof value === 'number' ? value : Number.parseInt(value, 10);
          if (Number.isInteger(rows) && rows !== reading.skip_rows) onChange({ ...reading, skip_rows: rows });
        }}
        w={200}
      />
    </Group>
  );
}

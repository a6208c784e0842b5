/**
 * The description under a filter editor: a short hint followed by a link-looking button that opens
 * the filter syntax help.
 */
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';

export function FilterHelpHint({ hint, onOpenHelp }: { hint: string; onOpenHelp: () => void }) {
  const { t } = useTranslation();
  return (
    <>
      {hint}{' '}
      <button type="button" onClick={onOpenHelp} style={linkButton}>
        {t('filters.help.open')}
      </button>
    </>
  );
}

const linkButton: CSSProperties = {
  padding: 0,
  border: 0,
  background: 'none',
  color: 'var(--mantine-color-anchor)',
  font: 'inherit',
  cursor: 'pointer',
  textDecoration: 'underline',
};

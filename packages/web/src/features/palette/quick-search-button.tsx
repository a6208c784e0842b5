/** The header's quick-search button (spec 1 §2): opens the palette, shows Ctrl+K or ⌘+K. */
import { ActionIcon, Button, Kbd } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { QUICK_SEARCH_SHORTCUT } from '../../app/shortcuts/shortcut-catalogue';
import { shortcutLabel } from '../../app/shortcuts/shortcut-keys';
import { isApple } from '../../app/shortcuts/shortcuts';
import { openPalette } from './palette-state';

export function QuickSearchButton() {
  const { t } = useTranslation();
  const keys = shortcutLabel(QUICK_SEARCH_SHORTCUT, isApple)[0];
  return (
    <>
      <Button
        variant="default"
        color="gray"
        radius="md"
        size="sm"
        visibleFrom="sm"
        onClick={openPalette}
        leftSection={<IconSearch size={16} stroke={1.6} />}
        rightSection={<Kbd size="xs">{keys}</Kbd>}
        aria-label={`${t('palette.open')} (${keys})`}
        styles={{ label: { fontWeight: 400, color: 'var(--mantine-color-dimmed)' } }}
        w={220}
        justify="space-between"
      >
        {t('palette.open')}
      </Button>
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        hiddenFrom="sm"
        onClick={openPalette}
        aria-label={`${t('palette.open')} (${keys})`}
        data-tip={`${t('palette.open')} (${keys})`}
      >
        <IconSearch size={20} stroke={1.6} />
      </ActionIcon>
    </>
  );
}

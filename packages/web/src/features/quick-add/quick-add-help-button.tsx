/** The "?" button opening the quick-add help (quick-add-help.tsx, loaded when first wanted). */
import { ActionIcon } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { QuickAddMagicMode } from '@ordo/core';
import { IconHelpCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { lazyPage, preloadQuietly } from '../../app/lazy-page';
import { OnceOpened } from '../../ui/once-opened';
import type { QuickAddHelpProps } from './quick-add-help';

const QuickAddHelpModal = lazyPage<'QuickAddHelpModal', QuickAddHelpProps>(
  () => import('./quick-add-help'),
  'QuickAddHelpModal',
);

/** Renders nothing when magic mode is disabled. */
export function QuickAddHelpButton({ mode }: { mode: QuickAddMagicMode }) {
  const { t } = useTranslation();
  const [opened, { open, close }] = useDisclosure(false);
  if (mode === 'disabled') return null;
  const label = t('quickAdd.help.open');
  return (
    <>
      <ActionIcon
        variant="subtle"
        color="gray"
        onClick={open}
        onPointerEnter={() => preloadQuietly(QuickAddHelpModal)}
        onFocus={() => preloadQuietly(QuickAddHelpModal)}
        aria-label={label}
        data-tip={label}
      >
        <IconHelpCircle size={18} stroke={1.6} />
      </ActionIcon>
      <OnceOpened opened={opened}>
        <QuickAddHelpModal mode={mode} opened={opened} onClose={close} />
      </OnceOpened>
    </>
  );
}

/** The red error box the sign-in pages show above their form; nothing when there is no error. */
import { Alert, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export function FormError({ error }: { error: string | null }) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" title={t('notice.error')}>
      {/* Catalogue texts for 4016–4019 put the server's message on a line of its own. */}
      <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
        {error}
      </Text>
    </Alert>
  );
}

/** The way back to the login page under the password reset forms. */
import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function BackToLogin() {
  const { t } = useTranslation();
  return (
    <Text size="sm" ta="center" c="dimmed">
      <Anchor component={Link} to="/login" size="sm">
        {t('auth.resetRequest.backToLogin')}
      </Anchor>
    </Text>
  );
}

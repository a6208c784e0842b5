/** The global error display for anything a page throws while rendering or loading. */
import { Alert, Button, Code, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { errorText } from '../i18n/error-text';
import { CenteredScreen } from '../ui/centered-screen';

export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);
  return (
    <CenteredScreen>
      <Stack w="100%">
        <Title order={2} ta="center">
          {t('routeError.title')}
        </Title>
        <Alert color="red" role="alert">
          <Code block>{errorText(error, t)}</Code>
        </Alert>
        <Button onClick={() => window.location.assign('/')}>{t('routeError.reload')}</Button>
      </Stack>
    </CenteredScreen>
  );
}

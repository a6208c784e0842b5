/** The 404 page (spec 1 §2 "not-found"): any path no route knows. */
import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Stack align="center" gap="md" py={60} ta="center">
      <Text fz={64} fw={800} c="dimmed" lh={1} aria-hidden="true">
        404
      </Text>
      <Title order={1} fz={28}>
        {t('notFound.title')}
      </Title>
      <Text c="dimmed" maw={420}>
        {t('notFound.text')}
      </Text>
      <Button component={Link} to="/" variant="light">
        {t('notFound.home')}
      </Button>
    </Stack>
  );
}

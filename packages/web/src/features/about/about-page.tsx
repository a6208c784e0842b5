/** About (spec 1 §2): the web app's version and the API's. */
import { Anchor, Card, Stack, Table, Text, Title } from '@mantine/core';
import { ORDO_VERSION } from '@ordo/core';
import { useTranslation } from 'react-i18next';
import { apiDomain, getApiUrl } from '../../api/api-url';
import { useServerInfo } from '../../app/server-info';

export function AboutPage() {
  const { t } = useTranslation();
  const info = useServerInfo();
  const apiUrl = getApiUrl();
  return (
    <Stack gap="lg" maw={640}>
      <Title order={1} fz={28}>
        {t('about.title')}
      </Title>
      <Text c="dimmed">{t('about.text')}</Text>
      <Card withBorder radius="md" padding={0}>
        <Table verticalSpacing="sm" horizontalSpacing="lg">
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w="45%">{t('about.frontendVersion')}</Table.Th>
              <Table.Td data-testid="frontend-version">{ORDO_VERSION}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>{t('about.apiVersion')}</Table.Th>
              <Table.Td data-testid="api-version">{info?.version ?? '–'}</Table.Td>
            </Table.Tr>
            {apiUrl && (
              <Table.Tr>
                <Table.Th>{t('about.apiAddress')}</Table.Th>
                <Table.Td>
                  <Anchor href={`${apiUrl}/docs`} target="_blank" rel="noreferrer" title={t('about.apiDocs')}>
                    {apiDomain(apiUrl)}
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Card>
    </Stack>
  );
}

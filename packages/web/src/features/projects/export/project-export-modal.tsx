/**
 * Exporting a project (project menu → Export): its tasks as an iCalendar file, for calendar and
 * task apps, or as a CSV file, for spreadsheets and for importing into Ordo again.
 */
import { Button, Group, Radio, Stack, Text } from '@mantine/core';
import { IconCalendarEvent, IconDownload, IconTable } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadProjectExport, type ProjectExportFormat } from '../../../api/project-exports';
import type { Project } from '../../../api/projects';
import { showError } from '../../../ui/notices';
import { ProjectRouteModal } from '../settings/project-route-modal';

const FORMATS: { value: ProjectExportFormat; icon: typeof IconTable }[] = [
  { value: 'ics', icon: IconCalendarEvent },
  { value: 'csv', icon: IconTable },
];

function ExportForm({ project, close }: { project: Project; close: () => void }) {
  const { t } = useTranslation();
  const [format, setFormat] = useState<ProjectExportFormat>('ics');
  const download = useMutation({
    mutationFn: () => downloadProjectExport(project.id, format, project.title),
    onSuccess: close,
    onError: (error) => showError(t, error),
  });
  return (
    <Stack>
      <Text size="sm">{t('projectExport.text')}</Text>
      <Radio.Group value={format} onChange={(value) => setFormat(value as ProjectExportFormat)}>
        <Stack gap="sm">
          {FORMATS.map(({ value, icon: Icon }) => (
            <Radio.Card
              key={value}
              value={value}
              radius="md"
              p="md"
              aria-label={t(`projectExport.${value}.title`)}
            >
              <Group wrap="nowrap" align="flex-start" gap="md">
                <Radio.Indicator style={{ flexShrink: 0 }} />
                <Icon size={22} stroke={1.5} color="var(--mantine-color-dimmed)" style={{ flexShrink: 0 }} />
                <Stack gap={2}>
                  <Text fw={600} size="sm">
                    {t(`projectExport.${value}.title`)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t(`projectExport.${value}.hint`)}
                  </Text>
                </Stack>
              </Group>
            </Radio.Card>
          ))}
        </Stack>
      </Radio.Group>
      <Group justify="flex-end">
        <Button variant="default" onClick={close}>
          {t('common.cancel')}
        </Button>
        <Button
          leftSection={<IconDownload size={16} />}
          loading={download.isPending}
          onClick={() => download.mutate()}
        >
          {t('projectExport.download')}
        </Button>
      </Group>
    </Stack>
  );
}

export function ProjectExportModal() {
  const { t } = useTranslation();
  return (
    <ProjectRouteModal title={(project) => t('projectExport.title', { title: project.title })}>
      {(project, close) => <ExportForm project={project} close={close} />}
    </ProjectRouteModal>
  );
}

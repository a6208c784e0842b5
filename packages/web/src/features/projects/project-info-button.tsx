/** The (i) beside a project's title that opens its description, in the app and on a link share. */
import { ActionIcon } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function ProjectInfoButton({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  return (
    <ActionIcon
      component={Link}
      to={`/projects/${projectId}/info`}
      variant="subtle"
      color="gray"
      aria-label={t('projects.info')}
      data-tip={t('projects.info')}
      style={{ flexShrink: 0 }}
    >
      <IconInfoCircle size={20} />
    </ActionIcon>
  );
}

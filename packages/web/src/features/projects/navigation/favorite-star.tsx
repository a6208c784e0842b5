/** The favourite star of a project; the change shows at once and is reverted if saving fails. */
import { ActionIcon } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Project } from '../../../api/projects';
import { useSaveProject } from '../use-projects';

export function FavoriteStar({ project }: { project: Project }) {
  const { t } = useTranslation();
  const save = useSaveProject();
  if (project.id <= 0 || project.isArchived) return null;
  const label = project.isFavorite
    ? t('projects.unfavorite', { title: project.title })
    : t('projects.favorite', { title: project.title });
  return (
    <ActionIcon
      variant="subtle"
      color={project.isFavorite ? 'yellow' : 'gray'}
      size="sm"
      aria-label={label}
      aria-pressed={project.isFavorite}
      onClick={(event) => {
        event.preventDefault();
        event.stopPropagation();
        save.mutate({ project, patch: { isFavorite: !project.isFavorite } });
      }}
    >
      {project.isFavorite ? <IconStarFilled size={15} /> : <IconStar size={15} />}
    </ActionIcon>
  );
}

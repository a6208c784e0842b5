/** The settings dropdown of a saved filter's pseudo project: only edit, views and delete (spec 2 §2). */
import { Menu } from '@mantine/core';
import { IconEdit, IconLayoutList, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Project } from '../../api/projects';
import { DotsMenuTarget } from '../../ui/dots-menu-target';

export function SavedFilterSettingsMenu({ project, size = 'md' }: { project: Project; size?: 'sm' | 'md' }) {
  const { t } = useTranslation();
  const path = (name: string) => `/projects/${project.id}/settings/${name}`;
  return (
    <Menu position="bottom-end" width={200} shadow="md" withinPortal>
      <DotsMenuTarget label={t('filters.menu', { title: project.title })} size={size} />
      <Menu.Dropdown>
        <Menu.Item component={Link} to={path('edit')} leftSection={<IconEdit size={16} />}>
          {t('filters.edit.menu')}
        </Menu.Item>
        <Menu.Item component={Link} to={path('views')} leftSection={<IconLayoutList size={16} />}>
          {t('projects.settings.views')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item component={Link} to={path('delete')} color="red" leftSection={<IconTrash size={16} />}>
          {t('filters.delete.menu')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

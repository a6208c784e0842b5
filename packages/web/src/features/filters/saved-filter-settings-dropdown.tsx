/**
 * The settings dropdown of a saved filter's pseudo project: only edit, views and delete (spec 2 §2).
 * Its button is the project's (projects/settings/project-settings-menu.tsx).
 */
import { Menu } from '@mantine/core';
import { IconEdit, IconLayoutList, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { SettingsDropdownProps } from '../projects/settings/project-settings-dropdown';

export function SavedFilterSettingsDropdown({ project, target, opened, onChange }: SettingsDropdownProps) {
  const { t } = useTranslation();
  const path = (name: string) => `/projects/${project.id}/settings/${name}`;
  return (
    <Menu opened={opened} onChange={onChange} position="bottom-end" width={200} shadow="md" withinPortal>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={path('edit')} leftSection={<IconEdit size={16} />}>
          {t('filters.edit.menu')}
        </Menu.Item>
        <Menu.Item component={Link} to={path('views')} leftSection={<IconLayoutList size={16} />}>
          {t('projects.settings.views')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item component={Link} to={path('delete')} c="red" leftSection={<IconTrash size={16} />}>
          {t('filters.delete.menu')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

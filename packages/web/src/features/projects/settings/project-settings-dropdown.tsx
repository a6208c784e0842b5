/**
 * The project settings dropdown itself (spec 2 §2 "Project header"; project-settings-menu.tsx
 * draws its button): edit, background (when the server has a background provider), duplicate, save
 * as template, share, webhooks (when the server has them on), views, custom fields, archive or
 * unarchive, delete (admins). Archived projects offer only unarchive; the default project has
 * archive and delete disabled with a tooltip. Its own chunk with Mantine's Menu, loaded after the
 * first screen.
 */
import { Menu, Tooltip } from '@mantine/core';
import { Right } from '@ordo/core';
import {
  IconArchive,
  IconArchiveOff,
  IconCopy,
  IconDownload,
  IconEdit,
  IconForms,
  IconHistory,
  IconLayoutList,
  IconPhoto,
  IconPlus,
  IconShare,
  IconTemplate,
  IconTrash,
  IconWebhook,
} from '@tabler/icons-react';
import type { ReactElement, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Project } from '../../../api/projects';
import { useServerInfo } from '../../../app/server-info';
import { useSignedInUser } from '../../auth/use-current-user';
import { useLinkShareSession } from '../../link-share/link-share-session';
import { ProjectSubscriptionItem } from '../../subscriptions/project-subscription-item';

function DisabledWithTooltip({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Tooltip label={label} position="left" withinPortal>
      <div>{children}</div>
    </Tooltip>
  );
}

function settingsPath(project: Pick<Project, 'id'>, name: string): string {
  return `/projects/${project.id}/settings/${name}`;
}

export interface SettingsDropdownProps {
  project: Project;
  /** The "…" button the menu opens from. */
  target: ReactElement;
  opened: boolean;
  onChange: (opened: boolean) => void;
}

export function ProjectSettingsDropdown({ project, target, opened, onChange }: SettingsDropdownProps) {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const linkShare = useLinkShareSession();
  const info = useServerInfo();
  const backgrounds = (info?.enabledBackgroundProviders?.length ?? 0) > 0;
  const isDefault = user.settings.defaultProjectId === project.id;
  const admin = project.maxRight === Right.admin;

  return (
    <Menu opened={opened} onChange={onChange} position="bottom-end" width={220} shadow="md" withinPortal>
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        {project.isArchived ? (
          <Menu.Item
            component={Link}
            to={settingsPath(project, 'archive')}
            leftSection={<IconArchiveOff size={16} />}
          >
            {t('projects.settings.unarchive')}
          </Menu.Item>
        ) : (
          <>
            <Menu.Item
              component={Link}
              to={settingsPath(project, 'edit')}
              leftSection={<IconEdit size={16} />}
            >
              {t('projects.settings.edit')}
            </Menu.Item>
            {backgrounds && (
              <Menu.Item
                component={Link}
                to={settingsPath(project, 'background')}
                leftSection={<IconPhoto size={16} />}
              >
                {t('projects.settings.background')}
              </Menu.Item>
            )}
            <Menu.Item
              component={Link}
              to={settingsPath(project, 'duplicate')}
              leftSection={<IconCopy size={16} />}
            >
              {t('projects.settings.duplicate')}
            </Menu.Item>
            <Menu.Item
              component={Link}
              to={settingsPath(project, 'template')}
              leftSection={<IconTemplate size={16} />}
            >
              {t('templates.save.menu')}
            </Menu.Item>
            <Menu.Item
              component={Link}
              to={`/projects/${project.id}/activity`}
              leftSection={<IconHistory size={16} />}
            >
              {t('projects.activity.menu')}
            </Menu.Item>
            <Menu.Item
              component={Link}
              to={settingsPath(project, 'export')}
              leftSection={<IconDownload size={16} />}
            >
              {t('projectExport.menu')}
            </Menu.Item>
            {!linkShare && (
              <Menu.Item
                component={Link}
                to={settingsPath(project, 'share')}
                leftSection={<IconShare size={16} />}
              >
                {t('sharing.menu')}
              </Menu.Item>
            )}
            {info?.webhooksEnabled && (
              <Menu.Item
                component={Link}
                to={settingsPath(project, 'webhooks')}
                leftSection={<IconWebhook size={16} />}
              >
                {t('webhooks.menu')}
              </Menu.Item>
            )}
            {admin && (
              <Menu.Item
                component={Link}
                to={settingsPath(project, 'views')}
                leftSection={<IconLayoutList size={16} />}
              >
                {t('projects.settings.views')}
              </Menu.Item>
            )}
            <Menu.Item
              component={Link}
              to={settingsPath(project, 'fields')}
              leftSection={<IconForms size={16} />}
            >
              {t('customFields.menu')}
            </Menu.Item>
            <Menu.Item
              component={Link}
              to={`/projects/${project.id}/new`}
              leftSection={<IconPlus size={16} />}
            >
              {t('projects.settings.createChild')}
            </Menu.Item>
            <ProjectSubscriptionItem project={project} />
            <Menu.Divider />
            {isDefault ? (
              <DisabledWithTooltip label={t('projects.settings.defaultCannotArchive')}>
                <Menu.Item disabled leftSection={<IconArchive size={16} />}>
                  {t('projects.settings.archive')}
                </Menu.Item>
              </DisabledWithTooltip>
            ) : (
              <Menu.Item
                component={Link}
                to={settingsPath(project, 'archive')}
                leftSection={<IconArchive size={16} />}
              >
                {t('projects.settings.archive')}
              </Menu.Item>
            )}
            {admin &&
              (isDefault ? (
                <DisabledWithTooltip label={t('projects.settings.defaultCannotDelete')}>
                  <Menu.Item disabled leftSection={<IconTrash size={16} />}>
                    {t('projects.settings.delete')}
                  </Menu.Item>
                </DisabledWithTooltip>
              ) : (
                <Menu.Item
                  component={Link}
                  to={settingsPath(project, 'delete')}
                  c="red"
                  leftSection={<IconTrash size={16} />}
                >
                  {t('projects.settings.delete')}
                </Menu.Item>
              ))}
          </>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

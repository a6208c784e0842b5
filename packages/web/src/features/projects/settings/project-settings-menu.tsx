/**
 * A project's "…" settings button (spec 2 §2 "Project header"), in its header and its side
 * navigation row, shown only above read right. The dropdown (project-settings-dropdown.tsx, or a
 * saved filter's own) loads after the first screen, as the header's menus do (ui/deferred-popup.tsx).
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Project } from '../../../api/projects';
import { lazyPage } from '../../../app/lazy-page';
import { DeferredPopup } from '../../../ui/deferred-popup';
import { DotsButton } from '../../../ui/dots-button';
import { useCurrentUser } from '../../auth/use-current-user';
import { useLinkShareSession } from '../../link-share/link-share-session';
import { canEditProject, isSavedFilter } from '../project-tree';
import type { SettingsDropdownProps } from './project-settings-dropdown';

const ProjectSettingsDropdown = lazyPage<'ProjectSettingsDropdown', SettingsDropdownProps>(
  () => import('./project-settings-dropdown'),
  'ProjectSettingsDropdown',
);
const SavedFilterSettingsDropdown = lazyPage<'SavedFilterSettingsDropdown', SettingsDropdownProps>(
  () => import('../../filters/saved-filter-settings-dropdown'),
  'SavedFilterSettingsDropdown',
);

export function ProjectSettingsMenu({ project, size = 'md' }: { project: Project; size?: 'sm' | 'md' }) {
  const { t } = useTranslation();
  // The side navigation lists projects before the user has loaded; the menu waits for the user.
  const user = useCurrentUser().data;
  const linkShare = useLinkShareSession();
  const [opened, setOpened] = useState(false);
  const savedFilter = isSavedFilter(project) && !linkShare;
  // A link-share visitor works on tasks only; project settings and sharing need an account.
  if (!savedFilter && (!user || !canEditProject(project) || project.id <= 0 || linkShare)) return null;
  const Dropdown = savedFilter ? SavedFilterSettingsDropdown : ProjectSettingsDropdown;
  const label = savedFilter
    ? t('filters.menu', { title: project.title })
    : t('projects.settings.menu', { title: project.title });

  return (
    <DeferredPopup
      key={savedFilter ? 'saved-filter' : 'project'}
      popup={Dropdown}
      open={() => setOpened(true)}
      target={<DotsButton label={label} size={size} aria-haspopup="menu" aria-expanded={false} />}
    >
      {(target) => <Dropdown project={project} target={target} opened={opened} onChange={setOpened} />}
    </DeferredPopup>
  );
}

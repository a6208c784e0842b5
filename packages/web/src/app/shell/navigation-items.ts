/**
 * The side navigation's main entries (spec 1 §2: Overview, Upcoming, Projects, Labels, Teams with
 * g o / g u / g p / g a / g m; then Templates, g e, and Trash, g d). The sequences come from the
 * shortcut catalogue, which binds them and lists them in the help.
 */
import {
  type Icon,
  IconCalendarTime,
  IconFolders,
  IconHome,
  IconTags,
  IconTemplate,
  IconTrash,
  IconUsersGroup,
} from '@tabler/icons-react';
import { type GoToPath, goToShortcut } from '../shortcuts/shortcut-catalogue';

export interface NavigationItem {
  path: GoToPath;
  /** i18n key of the label. */
  label: string;
  icon: Icon;
  shortcut: string;
  /** Highlight only on an exact match (the overview would otherwise match everything). */
  exact?: boolean;
}

export const navigationItems: NavigationItem[] = [
  { path: '/', label: 'navigation.overview', icon: IconHome, shortcut: goToShortcut('/'), exact: true },
  {
    path: '/tasks/by/upcoming',
    label: 'navigation.upcoming',
    icon: IconCalendarTime,
    shortcut: goToShortcut('/tasks/by/upcoming'),
  },
  { path: '/projects', label: 'navigation.projects', icon: IconFolders, shortcut: goToShortcut('/projects') },
  { path: '/labels', label: 'navigation.labels', icon: IconTags, shortcut: goToShortcut('/labels') },
  { path: '/teams', label: 'navigation.teams', icon: IconUsersGroup, shortcut: goToShortcut('/teams') },
  {
    path: '/templates',
    label: 'navigation.templates',
    icon: IconTemplate,
    shortcut: goToShortcut('/templates'),
  },
  { path: '/trash', label: 'navigation.trash', icon: IconTrash, shortcut: goToShortcut('/trash') },
];

/**
 * The side navigation's main entries (spec 1 §2: Overview, Upcoming, Projects, Labels, Teams with
 * g o / g u / g p / g a / g m). An entry is listed only once its page exists: add Upcoming
 * (`KeyG KeyU`), Projects (`KeyG KeyP`), Labels (`KeyG KeyA`) and Teams (`KeyG KeyM`) here
 * together with their routes.
 */
import {
  type Icon,
  IconCalendarTime,
  IconFolders,
  IconHome,
  IconTags,
  IconUsersGroup,
} from '@tabler/icons-react';

export interface NavigationItem {
  path: string;
  /** i18n key of the label. */
  label: string;
  icon: Icon;
  shortcut: string;
  /** Highlight only on an exact match (the overview would otherwise match everything). */
  exact?: boolean;
}

export const navigationItems: NavigationItem[] = [
  { path: '/', label: 'navigation.overview', icon: IconHome, shortcut: 'KeyG KeyO', exact: true },
  { path: '/tasks/by/upcoming', label: 'navigation.upcoming', icon: IconCalendarTime, shortcut: 'KeyG KeyU' },
  { path: '/projects', label: 'navigation.projects', icon: IconFolders, shortcut: 'KeyG KeyP' },
  { path: '/labels', label: 'navigation.labels', icon: IconTags, shortcut: 'KeyG KeyA' },
  { path: '/teams', label: 'navigation.teams', icon: IconUsersGroup, shortcut: 'KeyG KeyM' },
];

/**
 * Sections shown below the main navigation entries, in order. The projects feature adds its
 * project lists (favourites, saved filters, projects) here as a component.
 */
import type { ComponentType } from 'react';
import { lazyPage } from '../lazy-page';

// Its own chunk (with drag and drop): the tree shows once the project list has loaded anyway.
const ProjectNavigation = lazyPage(
  () => import('../../features/projects/navigation/project-navigation'),
  'ProjectNavigation',
);

export const navigationSections: { key: string; component: ComponentType }[] = [
  { key: 'projects', component: ProjectNavigation },
];

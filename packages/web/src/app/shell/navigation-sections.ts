/**
 * Sections shown below the main navigation entries, in order. The projects feature adds its
 * project lists (favourites, saved filters, projects) here as a component.
 */
import type { ComponentType } from 'react';
import { ProjectNavigation } from '../../features/projects/navigation/project-navigation';

export const navigationSections: { key: string; component: ComponentType }[] = [
  { key: 'projects', component: ProjectNavigation },
];

/**
 * The project of the page the user is on: the route's projectId, or the one of the page under a
 * task modal (the backdrop). Quick-add falls back to it; the palette creates in it.
 */
import { useLocation } from 'react-router';
import { backdropOf } from '../../app/backdrop-state';
import { projectIdOfPath } from './project-lookup';

export function useRouteProjectId(): number | null {
  const location = useLocation();
  return projectIdOfPath((backdropOf(location) ?? location).pathname);
}

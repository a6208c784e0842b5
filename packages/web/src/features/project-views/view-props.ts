/** What every project view component gets from the project page. */
import type { Project } from '../../api/projects';
import type { ProjectView } from '../../api/views';

export interface ProjectViewProps {
  project: Project;
  view: ProjectView;
  /** False for archived projects and read-only shares: no creating, ticking or editing. */
  canWrite: boolean;
}

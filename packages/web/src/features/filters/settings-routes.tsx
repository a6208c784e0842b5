/**
 * The project settings paths `settings/edit` and `settings/delete` serve saved filters too
 * (spec 2 §2 `filter.settings.*`): a pseudo project id below −1 gets the saved filter's modal.
 */
import { useParams } from 'react-router';
import { ProjectDeleteModal } from '../projects/settings/project-delete-modal';
import { ProjectEditModal } from '../projects/settings/project-edit-modal';
import { SavedFilterDeleteModal, SavedFilterEditModal } from './saved-filter-modals';

function useIsSavedFilterRoute(): boolean {
  return Number(useParams().projectId) < -1;
}

export function EditSettingsRoute() {
  return useIsSavedFilterRoute() ? <SavedFilterEditModal /> : <ProjectEditModal />;
}

export function DeleteSettingsRoute() {
  return useIsSavedFilterRoute() ? <SavedFilterDeleteModal /> : <ProjectDeleteModal />;
}

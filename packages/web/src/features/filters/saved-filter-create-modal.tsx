/** `filters.create` (/filters/new): a modal over the projects page; on success the new filter opens. */
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DEFAULT_FILTER_SETTINGS, savedFilterProjectId } from '../../api/saved-filters';
import { Modal } from '../../ui/modal';
import { showError, showSuccess } from '../../ui/notices';
import { ProjectsIndexPage } from '../projects/projects-index-page';
import { useCloseModal } from '../projects/settings/use-close-modal';
import { isFilterError } from './filter-error';
import { SavedFilterForm } from './saved-filter-form';
import { useCreateSavedFilter } from './use-saved-filters';

export function SavedFilterCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const close = useCloseModal('/projects');
  const create = useCreateSavedFilter();
  return (
    <>
      <ProjectsIndexPage />
      <Modal opened onClose={close} title={t('filters.create.title')} size="lg" centered>
        <SavedFilterForm
          initial={{ title: '', description: '', filters: DEFAULT_FILTER_SETTINGS }}
          submitLabel={t('filters.create.submit')}
          pending={create.isPending}
          error={create.error}
          onCancel={close}
          onSubmit={(input) =>
            create.mutate(input, {
              onSuccess: (filter) => {
                showSuccess(t, t('filters.create.success'));
                navigate(`/projects/${savedFilterProjectId(filter.id)}`, { replace: true });
              },
              onError: (error) => {
                // Filter errors show under the filter input.
                if (!isFilterError(error)) showError(t, error);
              },
            })
          }
        />
      </Modal>
    </>
  );
}

/**
 * Editing and deleting a saved filter through its pseudo project's settings routes
 * (`filter.settings.edit` / `.delete`, same paths as the project ones).
 */
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { savedFilterIdOf } from '../../api/saved-filters';
import { errorText } from '../../i18n/error-text';
import { DelayedLoader } from '../../ui/delayed-loader';
import { Modal } from '../../ui/modal';
import { showError, showSuccess } from '../../ui/notices';
import { removeProjectFromHistory } from '../projects/recent-projects';
import { useCloseModal } from '../projects/settings/use-close-modal';
import { isFilterError } from './filter-error';
import { SavedFilterForm } from './saved-filter-form';
import { useDeleteSavedFilter, useSavedFilter, useUpdateSavedFilter } from './use-saved-filters';

function useRouteFilter() {
  const projectId = Number(useParams().projectId);
  const filterId = savedFilterIdOf(projectId);
  return { projectId, filterId, close: useCloseModal(`/projects/${projectId}`), ...useSavedFilter(filterId) };
}

export function SavedFilterEditModal() {
  const { t } = useTranslation();
  const { filterId, close, data: filter, error } = useRouteFilter();
  const update = useUpdateSavedFilter(filterId);
  return (
    <Modal
      opened
      onClose={close}
      title={filter ? t('filters.edit.title', { title: filter.title }) : t('filters.loading')}
      size="lg"
      centered
    >
      {error ? (
        <Alert color="red">{errorText(error, t)}</Alert>
      ) : !filter ? (
        <DelayedLoader label={t('filters.loading')} minHeight={160} />
      ) : (
        <SavedFilterForm
          initial={filter}
          submitLabel={t('common.save')}
          pending={update.isPending}
          error={update.error}
          onCancel={close}
          onSubmit={(input) =>
            update.mutate(
              { ...input, isFavorite: filter.isFavorite },
              {
                onSuccess: () => {
                  showSuccess(t, t('filters.edit.success'));
                  close();
                },
                onError: (failure) => {
                  if (!isFilterError(failure)) showError(t, failure);
                },
              },
            )
          }
        />
      )}
    </Modal>
  );
}

export function SavedFilterDeleteModal() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { projectId, filterId, close, data: filter, error } = useRouteFilter();
  const remove = useDeleteSavedFilter(filterId);
  return (
    <Modal
      opened
      onClose={close}
      title={filter ? t('filters.delete.title', { title: filter.title }) : t('filters.loading')}
      centered
    >
      {error ? (
        <Alert color="red">{errorText(error, t)}</Alert>
      ) : (
        <Stack>
          <Text size="sm">{t('filters.delete.text')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button
              color="red"
              loading={remove.isPending}
              disabled={!filter}
              onClick={() =>
                remove.mutate(undefined, {
                  onSuccess: () => {
                    removeProjectFromHistory(projectId);
                    showSuccess(t, t('filters.delete.success'));
                    navigate('/', { replace: true });
                  },
                  onError: (failure) => showError(t, failure),
                })
              }
            >
              {t('filters.delete.submit')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/**
 * The labels page (spec 2 §2 labels.index, labels.create): the labels the user may use, page by
 * page from the server; the owner edits (title, description, colour) and deletes them. The
 * create form is the modal route /labels/new over this page.
 */
import { Alert, Button, Card, Group, Pagination, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconTag } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { deleteLabel, fetchLabelPage, type Label, labelKeys, updateLabel } from '../../api/labels';
import { ConfirmModal } from '../../ui/confirm-modal';
import { DelayedLoader } from '../../ui/delayed-loader';
import { ListPageHeading } from '../../ui/list-page-heading';
import { Modal } from '../../ui/modal';
import { showError, showSuccess } from '../../ui/notices';
import { useSignedInUser } from '../auth/use-current-user';
import { LabelBadge } from './label-badge';
import { LabelCreateModal } from './label-create-modal';
import { LabelForm } from './label-form';
import { useLabelForm } from './use-label-form';

export function LabelsPage() {
  const { t } = useTranslation();
  const user = useSignedInUser();
  const location = useLocation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [editing, setEditing] = useState<Label | null>(null);
  const labels = useQuery({
    queryKey: labelKeys.page(page),
    queryFn: () => fetchLabelPage(page),
    placeholderData: keepPreviousData,
  });
  const creating = location.pathname.replace(/\/$/, '').endsWith('/labels/new');

  let content = null;
  if (labels.error) {
    content = (
      <Alert color="red" role="alert">
        {t('common.loadingFailed')}
      </Alert>
    );
  } else if (!labels.data) {
    content = <DelayedLoader label={t('labels.loading')} />;
  } else if (labels.data.labels.length === 0) {
    content = (
      <Card withBorder padding="xl" radius="md">
        <Stack align="center" gap="xs">
          <IconTag size={36} stroke={1.4} color="var(--mantine-color-dimmed)" />
          <Text c="dimmed">{t('labels.empty')}</Text>
        </Stack>
      </Card>
    );
  } else {
    content = (
      <Stack gap="md">
        <Card withBorder padding="lg" radius="md">
          <Group gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {labels.data.labels.map((label) => {
              const mine = label.createdBy?.id === user.id;
              return (
                <li key={label.id}>
                  <UnstyledButton
                    onClick={() => setEditing(label)}
                    aria-label={mine ? t('labels.editNamed', { title: label.title }) : label.title}
                    data-testid="label-entry"
                  >
                    <LabelBadge label={label} size="lg" />
                  </UnstyledButton>
                </li>
              );
            })}
          </Group>
        </Card>
        <Text size="sm" c="dimmed">
          {t('labels.hint')}
        </Text>
        {labels.data.totalPages > 1 && (
          <Pagination
            total={labels.data.totalPages}
            value={page}
            onChange={(next) => setParams(next === 1 ? {} : { page: String(next) })}
            getControlProps={(control) => ({ 'aria-label': t(`labels.pagination.${control}`) })}
          />
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <ListPageHeading title={t('labels.title')} createLabel={t('labels.create')} createTo="/labels/new" />
      {content}
      {editing && (
        <LabelEditModal
          label={editing}
          editable={editing.createdBy?.id === user.id}
          onClose={() => setEditing(null)}
        />
      )}
      <LabelCreateModal opened={creating} onClose={() => navigate('/labels')} />
    </Stack>
  );
}

function LabelEditModal({
  label,
  editable,
  onClose,
}: {
  label: Label;
  editable: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { form, setForm, titleError, submit, saving } = useLabelForm({
    initial: { title: label.title, description: label.description, hexColor: label.hexColor },
    save: (input) => updateLabel(label.id, input),
    savedText: t('labels.saved'),
    onSaved: onClose,
  });
  const [confirming, setConfirming] = useState(false);
  const remove = useMutation({
    mutationFn: () => deleteLabel(label.id),
    onSuccess: async () => {
      showSuccess(t, t('labels.deleted'));
      setConfirming(false);
      await queryClient.invalidateQueries({ queryKey: labelKeys.all });
      onClose();
    },
    onError: (error) => showError(t, error),
  });

  return (
    <Modal opened onClose={onClose} title={editable ? t('labels.edit') : label.title} centered>
      <form onSubmit={submit}>
        <Stack gap="lg">
          <LabelForm value={form} onChange={setForm} titleError={titleError} readOnly={!editable} />
          {!editable && (
            <Text size="sm" c="dimmed">
              {t('labels.notOwner')}
            </Text>
          )}
          {editable && (
            <Group justify="space-between">
              <Button variant="subtle" color="red" onClick={() => setConfirming(true)}>
                {t('labels.delete')}
              </Button>
              <Group gap="sm">
                <Button variant="default" onClick={onClose}>
                  {t('common.cancel')}
                </Button>
                <Button type="submit" loading={saving}>
                  {t('common.save')}
                </Button>
              </Group>
            </Group>
          )}
        </Stack>
      </form>
      <ConfirmModal
        opened={confirming}
        title={t('labels.deleteTitle')}
        message={t('labels.deleteConfirm', { title: label.title })}
        confirmLabel={t('labels.delete')}
        loading={remove.isPending}
        onConfirm={() => remove.mutate()}
        onClose={() => setConfirming(false)}
      />
    </Modal>
  );
}

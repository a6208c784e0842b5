/**
 * Creating a team (teams.create, a modal route over the teams page; spec 2 §5 "Team name
 * required"). The creator becomes its admin and goes on to the team's page to add members.
 */
import { Checkbox, Stack, TextInput } from '@mantine/core';
import { FIELD_LIMITS } from '@ordo/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { createTeam, teamKeys } from '../../api/teams';
import { useServerInfo } from '../../app/server-info';
import { FormActions } from '../../ui/form-actions';
import { Modal } from '../../ui/modal';
import { showError, showSuccess } from '../../ui/notices';

export function TeamCreateModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const publicTeams = useServerInfo()?.publicTeamsEnabled ?? false;
  const [name, setName] = useState('');
  const [isPublic, setIsPublic] = useState(false);
  const [nameError, setNameError] = useState<string | null>(null);

  const create = useMutation({
    mutationFn: () => createTeam({ name, description: '', isPublic }),
    onSuccess: async (team) => {
      showSuccess(t, t('teams.created'));
      await queryClient.invalidateQueries({ queryKey: teamKeys.all });
      navigate(`/teams/${team.id}/edit`, { replace: true });
    },
    onError: (error) => showError(t, error),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) {
      setNameError(t('teams.nameRequired'));
      return;
    }
    setNameError(null);
    create.mutate();
  }

  return (
    <Modal opened onClose={onClose} title={t('teams.create')} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <TextInput
            label={t('teams.form.name')}
            placeholder={t('teams.form.namePlaceholder')}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            onBlur={() => setNameError(name.trim() ? null : t('teams.nameRequired'))}
            error={nameError}
            maxLength={FIELD_LIMITS.title}
            data-autofocus
            required
            withAsterisk={false}
          />
          {publicTeams && (
            <Checkbox
              label={t('teams.form.public')}
              description={t('teams.form.publicHint')}
              checked={isPublic}
              onChange={(e) => setIsPublic(e.currentTarget.checked)}
            />
          )}
          <FormActions
            cancelLabel={t('common.cancel')}
            submitLabel={t('teams.createAction')}
            loading={create.isPending}
            onCancel={onClose}
          />
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * The teams a project is shared with (reference §2.11): listed for everyone who can read the
 * project; admins add teams by search with a right, change rights and remove shares.
 */
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { Right } from '@ordo/core';
import { IconShare } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Project } from '../../api/projects';
import {
  changeTeamShare,
  fetchSharedTeams,
  type SharedTeam,
  shareWithTeam,
  sharingKeys,
  unshareTeam,
} from '../../api/sharing';
import { errorText } from '../../i18n/error-text';
import { ConfirmModal } from '../../ui/confirm-modal';
import { DelayedLoader } from '../../ui/delayed-loader';
import { showError, showSuccess } from '../../ui/notices';
import { RightSelect } from './right-select';
import { TeamSearchSelect } from './search-select';
import { ShareRow } from './share-row';
import classes from './sharing.module.css';

function AddTeam({ project, shared }: { project: Project; shared: SharedTeam[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [teamId, setTeamId] = useState<string | null>(null);
  const [right, setRight] = useState<Right>(Right.read);
  const [error, setError] = useState<string | null>(null);
  const [resetKey, setResetKey] = useState(0);
  const exclude = new Set(shared.map((team) => team.id));

  const add = useMutation({
    mutationFn: (id: number) => shareWithTeam(project.id, id, right),
    onSuccess: async () => {
      showSuccess(t, t('sharing.teams.added'));
      setTeamId(null);
      setResetKey((k) => k + 1);
      await queryClient.invalidateQueries({ queryKey: sharingKeys.teams(project.id) });
    },
    onError: (failure) => showError(t, failure),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!teamId) {
      setError(t('sharing.teams.required'));
      return;
    }
    setError(null);
    add.mutate(Number(teamId));
  }

  return (
    <form onSubmit={submit} noValidate className={classes.addForm} aria-label={t('sharing.teams.add')}>
      <TeamSearchSelect key={resetKey} value={teamId} onChange={setTeamId} exclude={exclude} error={error} />
      <RightSelect value={right} onChange={setRight} label={t('sharing.right')} />
      <Button type="submit" loading={add.isPending} leftSection={<IconShare size={16} />}>
        {t('sharing.share')}
      </Button>
    </form>
  );
}

export function SharedTeams({ project, admin }: { project: Project; admin: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState<SharedTeam | null>(null);
  const teams = useQuery({
    queryKey: sharingKeys.teams(project.id),
    queryFn: () => fetchSharedTeams(project.id),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: sharingKeys.teams(project.id) });

  const change = useMutation({
    mutationFn: ({ team, right }: { team: SharedTeam; right: Right }) =>
      changeTeamShare(project.id, team.id, right),
    onSuccess: async () => {
      showSuccess(t, t('sharing.rightChanged'));
      await refresh();
    },
    onError: (error) => showError(t, error),
  });
  const remove = useMutation({
    mutationFn: (team: SharedTeam) => unshareTeam(project.id, team.id),
    onSuccess: async () => {
      showSuccess(t, t('sharing.teams.removed'));
      setRemoving(null);
      await refresh();
    },
    onError: (error) => showError(t, error),
  });

  return (
    <Stack gap="sm">
      <Title order={3} fz="md">
        {t('sharing.teams.title')}
      </Title>
      {admin && teams.data && <AddTeam project={project} shared={teams.data} />}
      {teams.error ? (
        <Alert color="red">{errorText(teams.error, t)}</Alert>
      ) : !teams.data ? (
        <DelayedLoader label={t('sharing.loading')} minHeight={60} />
      ) : teams.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('sharing.teams.empty')}
        </Text>
      ) : (
        <ul className={classes.list} aria-label={t('sharing.teams.title')}>
          {teams.data.map((team) => (
            <ShareRow
              key={team.id}
              kind="team"
              name={team.name}
              right={team.right}
              editable={admin}
              busy={change.isPending && change.variables?.team.id === team.id}
              onChangeRight={(right) => change.mutate({ team, right })}
              onRemove={() => setRemoving(team)}
            />
          ))}
        </ul>
      )}
      <ConfirmModal
        opened={removing !== null}
        title={t('sharing.teams.removeTitle')}
        message={removing ? t('sharing.teams.removeConfirm', { name: removing.name }) : ''}
        confirmLabel={t('sharing.remove')}
        loading={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing)}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}

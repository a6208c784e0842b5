/**
 * The teams a project is shared with (reference §2.11): listed for everyone who can read the
 * project; admins add teams by search with a right, change rights and remove shares.
 */
import { Button } from '@mantine/core';
import { Right } from '@ordo/core';
import { IconShare } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
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
import { showError, showSuccess } from '../../ui/notices';
import { RightSelect } from './right-select';
import { TeamSearchSelect } from './search-select';
import { ShareList } from './share-list';
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
  return (
    <ShareList<SharedTeam>
      kind="team"
      admin={admin}
      queryKey={sharingKeys.teams(project.id)}
      fetchShares={() => fetchSharedTeams(project.id)}
      changeRight={(team, right) => changeTeamShare(project.id, team.id, right)}
      unshare={(team) => unshareTeam(project.id, team.id)}
      nameOf={(team) => team.name}
      addForm={(shared) => <AddTeam project={project} shared={shared} />}
    />
  );
}

/**
 * A team's members (spec 2 §6): everyone sees who is in the team and who is admin; team admins
 * add members by user search, remove them, and promote or demote them. An admin does not act on
 * their own row: leaving is its own button, and the server keeps the last member (6006).
 */
import { ActionIcon, Badge, Button, Card, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { displayName } from '@ordo/core';
import { IconShieldCheck, IconShieldOff, IconUserMinus, IconUserPlus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  addTeamMember,
  removeTeamMember,
  type TeamMember,
  type TeamWithRight,
  teamKeys,
  toggleTeamAdmin,
} from '../../api/teams';
import { ConfirmModal } from '../../ui/confirm-modal';
import { showError, showSuccess } from '../../ui/notices';
import { useSignedInUser } from '../auth/use-current-user';
import { UserSearchSelect } from '../sharing/search-select';
import { UserAvatar } from '../users/user-avatar';
import classes from './teams.module.css';

function AddMember({ team }: { team: TeamWithRight }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [username, setUsername] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [resetKey, setResetKey] = useState(0);
  const members = new Set((team.members ?? []).map((m) => m.username));

  const add = useMutation({
    mutationFn: (name: string) => addTeamMember(team.id, name),
    onSuccess: async () => {
      showSuccess(t, t('teams.members.added'));
      setUsername(null);
      setResetKey((k) => k + 1);
      await queryClient.invalidateQueries({ queryKey: teamKeys.all });
    },
    onError: (failure) => showError(t, failure),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!username) {
      setError(t('teams.members.userRequired'));
      return;
    }
    setError(null);
    add.mutate(username);
  }

  return (
    <form onSubmit={submit} noValidate aria-label={t('teams.members.add')} className={classes.addForm}>
      <UserSearchSelect
        key={resetKey}
        value={username}
        onChange={setUsername}
        exclude={members}
        error={error}
      />
      <Button type="submit" loading={add.isPending} leftSection={<IconUserPlus size={16} />}>
        {t('teams.members.add')}
      </Button>
    </form>
  );
}

function MemberRow({
  member,
  team,
  admin,
  onRemove,
}: {
  member: TeamMember;
  team: TeamWithRight;
  admin: boolean;
  onRemove: (member: TeamMember) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const me = useSignedInUser();
  const self = member.id === me.id;
  const name = displayName(member);
  const toggle = useMutation({
    mutationFn: () => toggleTeamAdmin(team.id, member.username),
    onSuccess: async () => {
      showSuccess(
        t,
        member.admin ? t('teams.members.demoted', { name }) : t('teams.members.promoted', { name }),
      );
      await queryClient.invalidateQueries({ queryKey: teamKeys.all });
    },
    onError: (error) => showError(t, error),
  });

  return (
    <li className={classes.member} data-testid="team-member">
      <Group gap="sm" wrap="nowrap" style={{ flex: '1 1 200px', minWidth: 0 }}>
        <UserAvatar user={member} size={36} />
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={500} truncate="end">
            {name}
          </Text>
          {name !== member.username && (
            <Text size="sm" c="dimmed" truncate="end">
              {member.username}
            </Text>
          )}
        </Stack>
      </Group>
      <Group gap="xs" wrap="nowrap">
        {self && (
          <Badge variant="outline" color="gray" size="sm">
            {t('teams.members.you')}
          </Badge>
        )}
        <Badge variant="light" color={member.admin ? 'blue' : 'gray'} size="sm">
          {member.admin ? t('teams.members.admin') : t('teams.members.member')}
        </Badge>
        {admin && !self && (
          <>
            <Tooltip label={member.admin ? t('teams.members.demote') : t('teams.members.promote')}>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                loading={toggle.isPending}
                onClick={() => toggle.mutate()}
                aria-label={`${member.admin ? t('teams.members.demote') : t('teams.members.promote')}: ${name}`}
              >
                {member.admin ? <IconShieldOff size={18} /> : <IconShieldCheck size={18} />}
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('teams.members.remove')}>
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                onClick={() => onRemove(member)}
                aria-label={`${t('teams.members.remove')}: ${name}`}
              >
                <IconUserMinus size={18} />
              </ActionIcon>
            </Tooltip>
          </>
        )}
      </Group>
    </li>
  );
}

export function TeamMembers({ team, admin }: { team: TeamWithRight; admin: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const members = team.members ?? [];
  const remove = useMutation({
    mutationFn: (member: TeamMember) => removeTeamMember(team.id, member.username),
    onSuccess: async () => {
      showSuccess(t, t('teams.members.removed'));
      setRemoving(null);
      await queryClient.invalidateQueries({ queryKey: teamKeys.all });
    },
    onError: (error) => showError(t, error),
  });

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Title order={2} fz="lg">
          {t('teams.members.title')}
        </Title>
        {admin && <AddMember team={team} />}
        <ul className={classes.list} aria-label={t('teams.members.title')}>
          {members.map((member) => (
            <MemberRow key={member.id} member={member} team={team} admin={admin} onRemove={setRemoving} />
          ))}
        </ul>
      </Stack>
      <ConfirmModal
        opened={removing !== null}
        title={t('teams.members.removeTitle')}
        message={removing ? t('teams.members.removeConfirm', { name: displayName(removing) }) : ''}
        confirmLabel={t('teams.members.remove')}
        loading={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing)}
        onClose={() => setRemoving(null)}
      />
    </Card>
  );
}

/**
 * A team's page (spec 2 §2 teams.edit, §6): team admins edit its name, description and public
 * flag, manage its members and delete it; every member sees the team and may leave it.
 */
import { Alert, Button, Card, Checkbox, Group, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { FIELD_LIMITS, Right } from '@ordo/core';
import { IconDoorExit, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import {
  deleteTeam,
  fetchTeam,
  removeTeamMember,
  type TeamInput,
  type TeamWithRight,
  teamKeys,
  updateTeam,
} from '../../api/teams';
import { useServerInfo } from '../../app/server-info';
import { errorText } from '../../i18n/error-text';
import { ConfirmModal } from '../../ui/confirm-modal';
import { DelayedLoader } from '../../ui/delayed-loader';
import { showError, showSuccess } from '../../ui/notices';
import { useSignedInUser } from '../auth/use-current-user';
import { TeamMembers } from './team-members';

function TeamSettings({ team }: { team: TeamWithRight }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const publicTeams = useServerInfo()?.publicTeamsEnabled ?? false;
  const [form, setForm] = useState<TeamInput>({
    name: team.name,
    description: team.description,
    isPublic: team.isPublic,
  });
  const [nameError, setNameError] = useState<string | null>(null);
  useEffect(() => {
    setForm({ name: team.name, description: team.description, isPublic: team.isPublic });
  }, [team.name, team.description, team.isPublic]);

  const save = useMutation({
    mutationFn: () => updateTeam(team.id, form),
    onSuccess: async () => {
      showSuccess(t, t('teams.saved'));
      await queryClient.invalidateQueries({ queryKey: teamKeys.all });
    },
    onError: (error) => showError(t, error),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.name.trim()) {
      setNameError(t('teams.nameRequired'));
      return;
    }
    setNameError(null);
    save.mutate();
  }

  return (
    <Card withBorder radius="md" padding="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} fz="lg">
            {t('teams.settings')}
          </Title>
          <TextInput
            label={t('teams.form.name')}
            value={form.name}
            onChange={(e) => setForm({ ...form, name: e.currentTarget.value })}
            error={nameError}
            maxLength={FIELD_LIMITS.title}
            required
            withAsterisk={false}
          />
          <Textarea
            label={t('teams.form.description')}
            value={form.description}
            onChange={(e) => setForm({ ...form, description: e.currentTarget.value })}
            autosize
            minRows={2}
            maxRows={8}
          />
          {publicTeams && (
            <Checkbox
              label={t('teams.form.public')}
              description={t('teams.form.publicHint')}
              checked={form.isPublic}
              onChange={(e) => setForm({ ...form, isPublic: e.currentTarget.checked })}
            />
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

export function TeamEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useSignedInUser();
  const teamId = Number(useParams().id);
  const [confirm, setConfirm] = useState<'leave' | 'delete' | null>(null);
  const team = useQuery({
    queryKey: teamKeys.one(teamId),
    queryFn: () => fetchTeam(teamId),
    enabled: Number.isInteger(teamId) && teamId > 0,
  });

  const done = async (message: string) => {
    showSuccess(t, message);
    setConfirm(null);
    navigate('/teams', { replace: true });
    queryClient.removeQueries({ queryKey: teamKeys.one(teamId) });
    await queryClient.invalidateQueries({ queryKey: teamKeys.all });
  };
  const leave = useMutation({
    mutationFn: () => removeTeamMember(teamId, user.username),
    onSuccess: () => done(t('teams.left')),
    onError: (error) => showError(t, error),
  });
  const remove = useMutation({
    mutationFn: () => deleteTeam(teamId),
    onSuccess: () => done(t('teams.deleted')),
    onError: (error) => showError(t, error),
  });

  if (team.error) {
    return (
      <Alert color="red" role="alert">
        {errorText(team.error, t)}
      </Alert>
    );
  }
  if (!team.data) return <DelayedLoader label={t('teams.loading')} />;
  const data = team.data;
  const admin = data.maxRight === Right.admin;
  // The server keeps a team with members an admin (30130): its only admin cannot leave yet.
  const members = data.members ?? [];
  const onlyAdmin = admin && members.length > 1 && members.filter((m) => m.admin).length === 1;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 28 }} style={{ overflowWrap: 'anywhere' }}>
          {t('teams.editTitle', { name: data.name })}
        </Title>
        {!admin && data.description && (
          <Text c="dimmed" style={{ whiteSpace: 'pre-line' }}>
            {data.description}
          </Text>
        )}
      </Stack>
      {admin && <TeamSettings team={data} />}
      <TeamMembers team={data} admin={admin} />
      <Card withBorder radius="md" padding="lg">
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed" style={{ flex: '1 1 240px' }}>
            {onlyAdmin
              ? t('teams.dangerHintOnlyAdmin')
              : admin
                ? t('teams.dangerHintAdmin')
                : t('teams.dangerHint')}
          </Text>
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconDoorExit size={16} />}
              disabled={onlyAdmin}
              onClick={() => setConfirm('leave')}
            >
              {t('teams.leave')}
            </Button>
            {admin && (
              <Button
                color="red"
                variant="light"
                leftSection={<IconTrash size={16} />}
                onClick={() => setConfirm('delete')}
              >
                {t('teams.delete')}
              </Button>
            )}
          </Group>
        </Group>
      </Card>
      <ConfirmModal
        opened={confirm === 'leave'}
        title={t('teams.leaveTitle')}
        message={t('teams.leaveConfirm', { name: data.name })}
        confirmLabel={t('teams.leave')}
        loading={leave.isPending}
        onConfirm={() => leave.mutate()}
        onClose={() => setConfirm(null)}
      />
      <ConfirmModal
        opened={confirm === 'delete'}
        title={t('teams.deleteTitle')}
        message={t('teams.deleteConfirm', { name: data.name })}
        confirmLabel={t('teams.delete')}
        loading={remove.isPending}
        onConfirm={() => remove.mutate()}
        onClose={() => setConfirm(null)}
      />
    </Stack>
  );
}

/**
 * The users a project is shared with (reference §2.11): listed for everyone who can read the
 * project; admins add users by search with a right, change rights and remove shares.
 */
import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { displayName, Right } from '@ordo/core';
import { IconShare } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Project } from '../../api/projects';
import {
  changeUserShare,
  fetchSharedUsers,
  type SharedUser,
  shareWithUser,
  sharingKeys,
  unshareUser,
} from '../../api/sharing';
import { errorText } from '../../i18n/error-text';
import { ConfirmModal } from '../../ui/confirm-modal';
import { DelayedLoader } from '../../ui/delayed-loader';
import { showError, showSuccess } from '../../ui/notices';
import { RightSelect } from './right-select';
import { UserSearchSelect } from './search-select';
import { ShareRow } from './share-row';
import classes from './sharing.module.css';

function AddUser({ project, shared }: { project: Project; shared: SharedUser[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [username, setUsername] = useState<string | null>(null);
  const [right, setRight] = useState<Right>(Right.read);
  const [error, setError] = useState<string | null>(null);
  const [resetKey, setResetKey] = useState(0);
  const exclude = new Set(shared.map((u) => u.username));
  if (project.owner) exclude.add(project.owner.username);

  const add = useMutation({
    mutationFn: (name: string) => shareWithUser(project.id, name, right),
    onSuccess: async () => {
      showSuccess(t, t('sharing.users.added'));
      setUsername(null);
      setResetKey((k) => k + 1);
      await queryClient.invalidateQueries({ queryKey: sharingKeys.users(project.id) });
    },
    onError: (failure) => showError(t, failure),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!username) {
      setError(t('sharing.users.required'));
      return;
    }
    setError(null);
    add.mutate(username);
  }

  return (
    <form onSubmit={submit} noValidate className={classes.addForm} aria-label={t('sharing.users.add')}>
      <UserSearchSelect
        key={resetKey}
        value={username}
        onChange={setUsername}
        exclude={exclude}
        error={error}
      />
      <RightSelect value={right} onChange={setRight} label={t('sharing.right')} />
      <Button type="submit" loading={add.isPending} leftSection={<IconShare size={16} />}>
        {t('sharing.share')}
      </Button>
    </form>
  );
}

export function SharedUsers({ project, admin }: { project: Project; admin: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [removing, setRemoving] = useState<SharedUser | null>(null);
  const users = useQuery({
    queryKey: sharingKeys.users(project.id),
    queryFn: () => fetchSharedUsers(project.id),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: sharingKeys.users(project.id) });

  const change = useMutation({
    mutationFn: ({ user, right }: { user: SharedUser; right: Right }) =>
      changeUserShare(project.id, user.username, right),
    onSuccess: async () => {
      showSuccess(t, t('sharing.rightChanged'));
      await refresh();
    },
    onError: (error) => showError(t, error),
  });
  const remove = useMutation({
    mutationFn: (user: SharedUser) => unshareUser(project.id, user.username),
    onSuccess: async () => {
      showSuccess(t, t('sharing.users.removed'));
      setRemoving(null);
      await refresh();
    },
    onError: (error) => showError(t, error),
  });

  return (
    <Stack gap="sm">
      <Title order={3} fz="md">
        {t('sharing.users.title')}
      </Title>
      {admin && users.data && <AddUser project={project} shared={users.data} />}
      {users.error ? (
        <Alert color="red">{errorText(users.error, t)}</Alert>
      ) : !users.data ? (
        <DelayedLoader label={t('sharing.loading')} minHeight={60} />
      ) : users.data.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('sharing.users.empty')}
        </Text>
      ) : (
        <ul className={classes.list} aria-label={t('sharing.users.title')}>
          {users.data.map((user) => (
            <ShareRow
              key={user.id}
              kind="user"
              name={displayName(user)}
              avatarUser={user}
              detail={displayName(user) === user.username ? undefined : user.username}
              right={user.right}
              editable={admin}
              busy={change.isPending && change.variables?.user.id === user.id}
              onChangeRight={(right) => change.mutate({ user, right })}
              onRemove={() => setRemoving(user)}
            />
          ))}
        </ul>
      )}
      <ConfirmModal
        opened={removing !== null}
        title={t('sharing.users.removeTitle')}
        message={removing ? t('sharing.users.removeConfirm', { name: displayName(removing) }) : ''}
        confirmLabel={t('sharing.remove')}
        loading={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing)}
        onClose={() => setRemoving(null)}
      />
    </Stack>
  );
}

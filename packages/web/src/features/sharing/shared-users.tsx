/**
 * The users a project is shared with (reference §2.11): listed for everyone who can read the
 * project; admins add users by search with a right, change rights and remove shares.
 */
import { Button } from '@mantine/core';
import { displayName, Right } from '@ordo/core';
import { IconShare } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
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
import { showError, showSuccess } from '../../ui/notices';
import { RightSelect } from './right-select';
import { UserSearchSelect } from './search-select';
import { ShareList } from './share-list';
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
  return (
    <ShareList<SharedUser>
      kind="user"
      admin={admin}
      queryKey={sharingKeys.users(project.id)}
      fetchShares={() => fetchSharedUsers(project.id)}
      changeRight={(user, right) => changeUserShare(project.id, user.username, right)}
      unshare={(user) => unshareUser(project.id, user.username)}
      nameOf={displayName}
      rowDetails={(user) => ({
        avatarUser: user,
        detail: displayName(user) === user.username ? undefined : user.username,
      })}
      addForm={(shared) => <AddUser project={project} shared={shared} />}
    />
  );
}

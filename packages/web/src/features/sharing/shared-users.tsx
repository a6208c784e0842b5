/**
 * The users a project is shared with (reference §2.11): listed for everyone who can read the
 * project; admins add users by search with a right, change rights and remove shares.
 */
import { displayName } from '@ordo/core';
import type { Project } from '../../api/projects';
import {
  changeUserShare,
  fetchSharedUsers,
  type SharedUser,
  shareWithUser,
  sharingKeys,
  unshareUser,
} from '../../api/sharing';
import { AddShareForm } from './add-share-form';
import { UserSearchSelect } from './search-select';
import { ShareList } from './share-list';

/** Who cannot be added again: the users shared with already, and the owner. */
function alreadyIn(project: Project, shared: SharedUser[]): Set<string> {
  const exclude = new Set(shared.map((u) => u.username));
  if (project.owner) exclude.add(project.owner.username);
  return exclude;
}

export function SharedUsers({ project, admin }: { project: Project; admin: boolean }) {
  const queryKey = sharingKeys.users(project.id);
  return (
    <ShareList<SharedUser>
      kind="user"
      admin={admin}
      queryKey={queryKey}
      fetchShares={() => fetchSharedUsers(project.id)}
      changeRight={(user, right) => changeUserShare(project.id, user.username, right)}
      unshare={(user) => unshareUser(project.id, user.username)}
      nameOf={displayName}
      rowDetails={(user) => ({
        avatarUser: user,
        detail: displayName(user) === user.username ? undefined : user.username,
      })}
      addForm={(shared) => (
        <AddShareForm
          kind="user"
          queryKey={queryKey}
          share={(username, right) => shareWithUser(project.id, username, right)}
          picker={(field) => <UserSearchSelect {...field} exclude={alreadyIn(project, shared)} />}
        />
      )}
    />
  );
}

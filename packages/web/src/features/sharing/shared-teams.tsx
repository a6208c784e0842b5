/**
 * The teams a project is shared with (reference §2.11): listed for everyone who can read the
 * project; admins add teams by search with a right, change rights and remove shares.
 */
import type { Project } from '../../api/projects';
import {
  changeTeamShare,
  fetchSharedTeams,
  type SharedTeam,
  shareWithTeam,
  sharingKeys,
  unshareTeam,
} from '../../api/sharing';
import { AddShareForm } from './add-share-form';
import { TeamSearchSelect } from './search-select';
import { ShareList } from './share-list';

export function SharedTeams({ project, admin }: { project: Project; admin: boolean }) {
  const queryKey = sharingKeys.teams(project.id);
  return (
    <ShareList<SharedTeam>
      kind="team"
      admin={admin}
      queryKey={queryKey}
      fetchShares={() => fetchSharedTeams(project.id)}
      changeRight={(team, right) => changeTeamShare(project.id, team.id, right)}
      unshare={(team) => unshareTeam(project.id, team.id)}
      nameOf={(team) => team.name}
      addForm={(shared) => (
        <AddShareForm
          kind="team"
          queryKey={queryKey}
          share={(teamId, right) => shareWithTeam(project.id, Number(teamId), right)}
          picker={(field) => <TeamSearchSelect {...field} exclude={new Set(shared.map((team) => team.id))} />}
        />
      )}
    />
  );
}

/**
 * Who else has this task or board open (presence, core/live/presence.ts): the tab says where it is
 * while the screen is shown, and shows the others there as a small stack of avatars whose tooltip
 * and accessible name list them. Nothing shows while one is alone, or without a live connection.
 */
import { Avatar } from '@mantine/core';
import { displayName, type PresentUser } from '@ordo/core';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../users/user-avatar';
import { onPresence, presentAt, watchPlace } from './live-hub';
import { currentUserId } from './use-live-project';

const SHOWN = 4;
const nobody: PresentUser[] = [];

/** The other users at `place` of the project, while this screen says it is there. */
export function usePresence(projectId: number | null | undefined, place: string | null): PresentUser[] {
  const real = !!projectId && projectId > 0 && place !== null;
  useEffect(() => {
    if (!real) return;
    return watchPlace(projectId, place);
  }, [real, projectId, place]);
  const everyone = useSyncExternalStore(onPresence, () => (real ? presentAt(projectId, place) : nobody));
  return useMemo(() => {
    const me = currentUserId();
    return everyone.filter((user) => user.id !== me);
  }, [everyone]);
}

export function PresenceAvatars({ projectId, place }: { projectId: number; place: string }) {
  const { t } = useTranslation();
  const others = usePresence(projectId, place);
  if (others.length === 0) return null;
  const names = others.map((user) => displayName(user)).join(', ');
  const label = t('live.alsoHere', { names });
  return (
    // The shared hover tip (ui/hover-tips.tsx): a Mantine Tooltip would bring floating-ui into the
    // first screen of every project view.
    <Avatar.Group spacing={8} role="group" aria-label={label} data-tip={label} data-testid="presence">
      {/* A ring in the "online" colour tells these apart from assignees' avatars. */}
      {others.slice(0, SHOWN).map((user) => (
        <UserAvatar
          key={user.id}
          user={user}
          size={28}
          style={{ borderColor: 'var(--mantine-color-teal-6)' }}
        />
      ))}
      {others.length > SHOWN && (
        <Avatar size={28} radius={1000} style={{ borderColor: 'var(--mantine-color-teal-6)' }}>
          +{others.length - SHOWN}
        </Avatar>
      )}
    </Avatar.Group>
  );
}

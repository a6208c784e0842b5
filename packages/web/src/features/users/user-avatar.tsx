/**
 * A user's avatar as the server draws it (`/avatar/{username}?size=`), loaded with the session's
 * token and cached per username and size. Until it arrives a neutral placeholder shows; when it
 * cannot be loaded, the initials Mantine draws from the name.
 */
import { Avatar, type AvatarProps } from '@mantine/core';
import { displayName } from '@ordo/core';
import { useQuery } from '@tanstack/react-query';
import { avatarKeys, fetchAvatar } from '../../api/avatars';

export interface AvatarUser {
  username: string;
  name?: string;
}

export function useAvatarUrl(username: string, size: number) {
  return useQuery({
    queryKey: avatarKeys.image(username, size),
    queryFn: ({ signal }) => fetchAvatar(username, size, signal),
    // Changes come from this app's settings page, which invalidates the user's avatars.
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 30 * 60_000,
    retry: 1,
  });
}

export function UserAvatar({
  user,
  size,
  ...props
}: { user: AvatarUser; size: number } & Omit<AvatarProps, 'src' | 'size' | 'name'>) {
  const { data, isError } = useAvatarUrl(user.username, size);
  const name = displayName({ name: user.name ?? '', username: user.username });
  return (
    <Avatar
      src={data ?? null}
      alt={name}
      size={size}
      // Round at every size (the theme's xl radius is not, above 64 px).
      radius={1000}
      data-avatar-user={user.username}
      {...(isError ? { name, color: 'initials' } : { color: 'gray' })}
      {...props}
    />
  );
}

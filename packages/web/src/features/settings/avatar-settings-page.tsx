/**
 * Avatar settings (spec 1 §3 "Avatar setting", §7): the current avatar, the style that draws it
 * (saved on choosing, rolled back with an error notice when the server refuses), and an upload
 * of an own picture. Every change reloads this user's avatars everywhere in the app.
 */
import { Alert, Card, Divider, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { type AvatarProvider, displayName, MANAGED_AVATAR_PROVIDERS } from '@ordo/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiRequestError } from '../../api/api-error';
import { avatarKeys, fetchAvatarProvider, saveAvatarProvider, uploadAvatar } from '../../api/avatars';
import { useServerInfo } from '../../app/server-info';
import { showError, showSuccess } from '../../ui/notices';
import { useSignedInUser } from '../auth/use-current-user';
import { UserAvatar } from '../users/user-avatar';
import { AvatarProviderChoice } from './avatar-provider-choice';
import { AvatarUpload } from './avatar-upload';

/** The server's answer to a file that does not decode as a picture (it has no code). */
const NOT_AN_IMAGE = 'Uploaded file is no image.';

export function AvatarSettingsPage() {
  const { t } = useTranslation();
  const client = useQueryClient();
  const user = useSignedInUser();
  const info = useServerInfo();
  const provider = useQuery({ queryKey: avatarKeys.provider, queryFn: fetchAvatarProvider });
  const refreshAvatars = () => client.invalidateQueries({ queryKey: avatarKeys.ofUser(user.username) });

  const choose = useMutation({
    mutationFn: saveAvatarProvider,
    onMutate: async (next) => {
      await client.cancelQueries({ queryKey: avatarKeys.provider });
      const previous = client.getQueryData<AvatarProvider>(avatarKeys.provider);
      client.setQueryData(avatarKeys.provider, next);
      return { previous };
    },
    onError: (error, _next, context) => {
      if (context?.previous) client.setQueryData(avatarKeys.provider, context.previous);
      showError(t, error);
    },
    onSuccess: () => {
      showSuccess(t, t('settings.avatar.saved'));
      return refreshAvatars();
    },
  });

  const upload = useMutation({
    mutationFn: uploadAvatar,
    onSuccess: () => {
      client.setQueryData(avatarKeys.provider, 'upload');
      showSuccess(t, t('settings.avatar.uploaded'));
      // Not awaited: the upload is done, and the zone must take the next file at once rather than
      // stay busy until every avatar is fetched again (a Gravatar preview may take seconds).
      void refreshAvatars();
    },
    onError: (error) => {
      if (isApiRequestError(error) && error.code === undefined && error.message === NOT_AN_IMAGE) {
        showError(t, new Error(t('settings.avatar.notAnImage')));
      } else showError(t, error);
    },
  });

  const person = { username: user.username, name: user.name, displayName: displayName(user) };
  let body: React.ReactNode;
  if (provider.isPending) body = <Loader size="sm" />;
  else if (provider.isError) body = <Alert color="red">{t('common.loadingFailed')}</Alert>;
  else if (MANAGED_AVATAR_PROVIDERS.includes(provider.data)) {
    body = (
      <Alert color="blue" icon={<IconInfoCircle size={18} />}>
        {t('settings.avatar.managed')}
      </Alert>
    );
  } else {
    body = (
      <Stack gap="lg">
        <AvatarProviderChoice
          current={provider.data}
          user={person}
          disabled={choose.isPending || upload.isPending}
          onChoose={(next) => next !== provider.data && choose.mutate(next)}
        />
        <Divider />
        <Stack gap="xs">
          <Title order={2} fz="sm" fw={500}>
            {t('settings.avatar.upload')}
          </Title>
          <AvatarUpload
            maxSize={info?.maxFileSize}
            uploading={upload.isPending}
            onFile={(file) => upload.mutate(file)}
          />
        </Stack>
      </Stack>
    );
  }

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="lg">
        <Group gap="md" wrap="nowrap">
          <UserAvatar user={user} size={96} data-testid="avatar-current" />
          <Stack gap={2}>
            <Text fw={600}>{person.displayName}</Text>
            <Text size="sm" c="dimmed">
              {t('settings.avatar.intro')}
            </Text>
          </Stack>
        </Group>
        {body}
      </Stack>
    </Card>
  );
}

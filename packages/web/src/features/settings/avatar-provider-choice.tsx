/**
 * The avatar styles as radio cards, each with a preview: generated ones drawn from core, the
 * current one as the server draws it, Gravatar and upload with an icon until they are chosen.
 */
import { Avatar, Group, Radio, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { type AvatarProvider, SELECTABLE_AVATAR_PROVIDERS } from '@ordo/core';
import { IconBrandGravatar, IconPhotoUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { UserAvatar } from '../users/user-avatar';
import { generatedPreview } from './avatar-previews';

const PREVIEW = 48;

export type SelectableProvider = (typeof SELECTABLE_AVATAR_PROVIDERS)[number];

function Preview({
  provider,
  current,
  user,
}: {
  provider: SelectableProvider;
  current: AvatarProvider;
  user: { username: string; name: string; displayName: string };
}) {
  if (provider === current) return <UserAvatar user={user} size={PREVIEW} />;
  if (provider === 'gravatar' || provider === 'upload') {
    const Icon = provider === 'gravatar' ? IconBrandGravatar : IconPhotoUp;
    return (
      <ThemeIcon size={PREVIEW} radius="xl" variant="light" color="gray" aria-hidden>
        <Icon size={24} stroke={1.5} />
      </ThemeIcon>
    );
  }
  return <Avatar src={generatedPreview(provider, user, PREVIEW)} size={PREVIEW} radius="xl" alt="" />;
}

export function AvatarProviderChoice({
  current,
  user,
  disabled,
  onChoose,
}: {
  current: AvatarProvider;
  user: { username: string; name: string; displayName: string };
  disabled: boolean;
  onChoose: (provider: SelectableProvider) => void;
}) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      value={current}
      onChange={(value) => onChoose(value as SelectableProvider)}
      label={t('settings.avatar.style')}
    >
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" mt="xs">
        {SELECTABLE_AVATAR_PROVIDERS.map((provider) => (
          <Radio.Card
            key={provider}
            value={provider}
            radius="md"
            p="sm"
            disabled={disabled}
            aria-label={t(`settings.avatar.providers.${provider}.title`)}
            data-testid={`avatar-provider-${provider}`}
          >
            <Group wrap="nowrap" gap="sm" align="center">
              <Radio.Indicator />
              <Preview provider={provider} current={current} user={user} />
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" fw={500}>
                  {t(`settings.avatar.providers.${provider}.title`)}
                </Text>
                <Text size="xs" c="dimmed">
                  {t(`settings.avatar.providers.${provider}.hint`)}
                </Text>
              </Stack>
            </Group>
          </Radio.Card>
        ))}
      </SimpleGrid>
    </Radio.Group>
  );
}

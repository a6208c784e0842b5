/** The current background in a 16:9 frame: blur hash first, then the image; a hint when there is none. */
import { Box, Center, Stack, Text } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Project } from '../../../api/projects';
import { hasBackground, useBackgroundImage } from './use-background-image';

export function BackgroundPreview({ project }: { project: Project }) {
  const { t } = useTranslation();
  const { blur, image } = useBackgroundImage(project);
  return (
    <Box
      data-testid="background-preview"
      data-has-image={!!image}
      style={{
        aspectRatio: '16 / 9',
        borderRadius: 'var(--mantine-radius-md)',
        border: '1px solid var(--mantine-color-default-border)',
        backgroundColor: 'var(--mantine-color-default-hover)',
        backgroundImage: image ? `url(${image})` : blur ? `url(${blur})` : undefined,
        backgroundSize: 'cover',
        backgroundPosition: 'center',
        transition: 'background-image 300ms ease-in',
      }}
    >
      {!hasBackground(project) && (
        <Center h="100%">
          <Stack align="center" gap={4}>
            <IconPhotoOff size={28} stroke={1.5} color="var(--mantine-color-dimmed)" />
            <Text size="sm" c="dimmed">
              {t('projects.background.none')}
            </Text>
          </Stack>
        </Center>
      )}
    </Box>
  );
}

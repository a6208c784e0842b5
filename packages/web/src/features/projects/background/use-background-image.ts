/**
 * A project's background for display: the blur hash at once, the image once it has loaded.
 * The image blob is cached per project and `updated` (a new upload changes both), shown through
 * an object URL that is released when no longer shown. A failure is only logged (spec 1 §8).
 */
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { fetchBackgroundImage } from '../../../api/project-backgrounds';
import type { Project } from '../../../api/projects';
import { blurHashUrl } from './blur-hash-url';

export const backgroundKeys = {
  all: ['background'] as const,
  image: (projectId: number, updated: string) => ['background', projectId, updated] as const,
};

export function hasBackground(project: Pick<Project, 'backgroundInformation'> | undefined): boolean {
  return !!project?.backgroundInformation;
}

export interface BackgroundImage {
  /** The blur hash as a data URL, or null. */
  blur: string | null;
  /** An object URL of the image once it arrived, or null. */
  image: string | null;
}

export function useBackgroundImage(project: Project | undefined): BackgroundImage {
  const enabled = !!project && hasBackground(project);
  const query = useQuery({
    queryKey: backgroundKeys.image(project?.id ?? 0, project?.updated ?? ''),
    queryFn: ({ signal }) => fetchBackgroundImage(project?.id ?? 0, signal),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 10 * 60 * 1000,
    retry: false,
  });
  const blob = enabled ? query.data : undefined;
  const [image, setImage] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) {
      setImage(null);
      return;
    }
    const url = URL.createObjectURL(blob);
    setImage(url);
    return () => URL.revokeObjectURL(url);
  }, [blob]);
  useEffect(() => {
    if (query.error) console.error('The project background could not be loaded:', query.error);
  }, [query.error]);
  return {
    blur: enabled ? blurHashUrl(project?.backgroundBlurHash ?? '') : null,
    image: blob ? image : null,
  };
}

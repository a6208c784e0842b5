/**
 * Colour scheme (spec 1 §4): light or dark as the user set it, or the system's when "auto".
 * Mantine puts `data-mantine-color-scheme` on <html>; we add the `light`/`dark` class too.
 */
import { useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import type { ColorSchema } from '@ordo/core';
import { useEffect } from 'react';

export function useColorSchemeSetting(setting: ColorSchema): void {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light');
  useEffect(() => {
    setColorScheme(setting);
  }, [setting, setColorScheme]);
  useEffect(() => {
    document.documentElement.classList.toggle('dark', computed === 'dark');
    document.documentElement.classList.toggle('light', computed === 'light');
  }, [computed]);
}

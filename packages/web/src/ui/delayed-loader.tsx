/** A spinner that appears only after 100 ms, so fast loads do not flicker (spec 1 §7). */
import { Center, Loader } from '@mantine/core';
import { useEffect, useState } from 'react';

export const LOADER_DELAY_MS = 100;

export function useDelayedFlag(active: boolean, delay = LOADER_DELAY_MS): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) {
      setShown(false);
      return;
    }
    const timer = window.setTimeout(() => setShown(true), delay);
    return () => window.clearTimeout(timer);
  }, [active, delay]);
  return shown;
}

export function DelayedLoader({ label, minHeight = 200 }: { label: string; minHeight?: number | string }) {
  const shown = useDelayedFlag(true);
  return (
    <Center mih={minHeight} role="status" aria-live="polite" aria-label={label}>
      {shown && <Loader size="md" />}
    </Center>
  );
}

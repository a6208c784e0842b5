/** The current time, refreshed every `intervalMs` (due dates re-read every 60 s, spec 2 §9). */
import { useEffect, useState } from 'react';

export const DUE_DATE_REFRESH_MS = 60_000;

export function useNow(intervalMs = DUE_DATE_REFRESH_MS): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}

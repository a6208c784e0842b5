/**
 * A dialog whose code is not part of the screen's first download (the help of the filter and
 * quick-add inputs, lazy pages of their own): nothing is drawn until it is first opened, and from
 * then on it stays drawn, so that it closes with its transition. Its button can ask for the code
 * when pointed at or focused (`preloadQuietly`, app/lazy-page.ts), so that it is there by the click.
 */
import { type ReactNode, Suspense, useState } from 'react';

export function OnceOpened({ opened, children }: { opened: boolean; children: ReactNode }) {
  const [drawn, setDrawn] = useState(opened);
  if (opened && !drawn) setDrawn(true);
  return drawn ? <Suspense fallback={null}>{children}</Suspense> : null;
}

/**
 * One tooltip for every element marked `data-tip="text"`: the due dates, assignees and checklist
 * counts of task rows and cards, and the buttons of the app's header. A Mantine Tooltip per row costs a floating-ui instance, its
 * effects and a second render of every row right after the first: about 190 ms of home's load in
 * a CPU profile (50 rows), against about 20 ms now. Here one listener on the document finds the
 * element under the pointer, and the single tooltip (its own chunk, loaded on first use) is
 * placed on it after the 200 ms the spec gives a tooltip (spec 1 §9).
 */
import { Suspense, useEffect, useState } from 'react';
import { lazyPage } from '../app/lazy-page';
import type { ShownTip } from './tip-bubble';

const OPEN_DELAY_MS = 200;

const TipBubble = lazyPage<'TipBubble', ShownTip>(() => import('./tip-bubble'), 'TipBubble');

/** Follows the pointer over `[data-tip]` elements; drawn once, beside the app. */
export function HoverTips() {
  const [tip, setTip] = useState<ShownTip | null>(null);

  useEffect(() => {
    let pointed: HTMLElement | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const hide = () => {
      clearTimeout(timer);
      if (!pointed) return;
      pointed = null;
      setTip((shown) => (shown?.opened ? { ...shown, opened: false } : shown));
    };
    const onPointerOver = (event: PointerEvent) => {
      if (event.pointerType === 'touch') return;
      const target = event.target instanceof Element ? event.target.closest<HTMLElement>('[data-tip]') : null;
      if (target === pointed) return;
      hide();
      if (!target) return;
      pointed = target;
      timer = setTimeout(() => {
        // Read when it opens, so a row redrawn meanwhile shows its current text.
        if (target.isConnected) setTip({ target, label: target.dataset.tip ?? '', opened: true });
      }, OPEN_DELAY_MS);
    };
    // Leaving the window (no element to go to), pressing or Escape close it. Scrolling does not:
    // the tooltip follows its element, and the browser reports the element under the pointer
    // once the scroll ends.
    const onPointerOut = (event: PointerEvent) => {
      if (!event.relatedTarget) hide();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') hide();
    };
    document.addEventListener('pointerover', onPointerOver);
    document.addEventListener('pointerout', onPointerOut);
    document.addEventListener('pointerdown', hide, true);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('pointerover', onPointerOver);
      document.removeEventListener('pointerout', onPointerOut);
      document.removeEventListener('pointerdown', hide, true);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, []);

  if (!tip) return null;
  return (
    <Suspense fallback={null}>
      <TipBubble {...tip} />
    </Suspense>
  );
}

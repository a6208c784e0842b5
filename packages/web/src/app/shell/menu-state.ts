/**
 * The side menu (spec 1 §4 "Menu"): open by default on desktop with the choice remembered; closed
 * on narrow screens (up to 768 px), where it also closes on navigation.
 */
import { useMediaQuery } from '@mantine/hooks';
import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'react-router';

const STORAGE_KEY = 'menuOpen';
export const MOBILE_QUERY = '(max-width: 768px)';

export function useMenuState() {
  const mobile = useMediaQuery(MOBILE_QUERY, window.matchMedia(MOBILE_QUERY).matches) ?? false;
  const [desktopOpen, setDesktopOpen] = useState(() => localStorage.getItem(STORAGE_KEY) !== 'false');
  const [mobileOpen, setMobileOpen] = useState(false);
  // Whether the menu has been open at all: its content is drawn from then on (a phone, where it
  // starts closed, opens pages without it). Set where the menu opens, not derived while drawing.
  const [everOpen, setEverOpen] = useState(() => !mobile && desktopOpen);
  const location = useLocation();

  useEffect(() => {
    localStorage.setItem(STORAGE_KEY, String(desktopOpen));
  }, [desktopOpen]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the reaction to a new location
  useEffect(() => {
    setMobileOpen(false);
  }, [location.pathname]);

  const toggle = useCallback(() => {
    setEverOpen(true);
    if (mobile) setMobileOpen((open) => !open);
    else setDesktopOpen((open) => !open);
  }, [mobile]);

  return {
    mobile,
    open: mobile ? mobileOpen : desktopOpen,
    desktopOpen,
    mobileOpen,
    /** The menu has been open (or started open): its content is drawn. */
    everOpen: everOpen || (mobile ? mobileOpen : desktopOpen),
    toggle,
    closeMobile: () => setMobileOpen(false),
  };
}

/**
 * The app's Mantine theme and its colour overrides, shared by the app (providers.tsx) and the
 * login screen the server draws before the app has loaded (prerender/login-screen.tsx).
 */
import { Anchor, type CSSVariablesResolver, createTheme } from '@mantine/core';

/** Texts the theme gives Mantine's own buttons, in the interface language. */
export interface ThemeTexts {
  /** Names the close button of every dialog and drawer for screen readers. */
  close: string;
  /** Names the show/hide button of every password input. */
  togglePassword: string;
  /** Names the eye-dropper button of every colour input (Mantine leaves it unnamed). */
  pickColor: string;
}

export const appTheme = ({ close, togglePassword, pickColor }: ThemeTexts) =>
  createTheme({
    primaryColor: 'blue',
    defaultRadius: 'md',
    fontFamily:
      'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    headings: { fontWeight: '650' },
    cursorType: 'pointer',
    // WCAG AA contrast: white on blue 8 (4.9:1) for filled buttons, blue 8 links on white.
    primaryShade: { light: 8, dark: 8 },
    // Animations off for those who asked their system for less motion.
    respectReducedMotion: true,
    // A link inside a sentence is told apart by more than its colour.
    components: {
      Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
      // Plain objects, not Modal.extend: the dialogs' code stays out of the first download.
      Modal: { defaultProps: { closeButtonProps: { 'aria-label': close } } },
      Drawer: { defaultProps: { closeButtonProps: { 'aria-label': close } } },
      // The show/hide button is reachable with Tab, so someone on a keyboard can check what they
      // typed (Mantine leaves it out of the tab order).
      PasswordInput: {
        defaultProps: { visibilityToggleButtonProps: { 'aria-label': togglePassword, tabIndex: 0 } },
      },
      // A menu opened from the keyboard focuses its first item (the WAI-ARIA menu button), not
      // Mantine's unnamed focus placeholder, which is no menu item inside role="menu".
      Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
      ColorInput: { defaultProps: { eyeDropperButtonProps: { 'aria-label': pickColor } } },
      // Spec 1 §9: a tooltip shows after 200 ms (as the rows' shared one, ui/hover-tips.tsx).
      Tooltip: { defaultProps: { openDelay: 200 } },
    },
  });

// Mantine's dimmed grey is 3.3:1 on white; these reach 4.5:1 on both schemes' backgrounds.
// In the light scheme the text of light-variant buttons, badges and active navigation links is
// shade 8 on a tint of its colour (blue: 4.4:1, orange: 3.8:1). Shade 9 reaches 4.5:1 on most
// tints; the light colours need it darker still (yellow 9: 2.8:1, with 30 % black 5.3:1).
const DARKENED = new Set(['teal', 'green', 'lime', 'yellow', 'orange']);
const lightVariantText = (color: string) =>
  DARKENED.has(color)
    ? `color-mix(in srgb, var(--mantine-color-${color}-9) 70%, black)`
    : `var(--mantine-color-${color}-9)`;

// White on a filled button of a light colour (the Archive button's orange 8: 3.6:1; green 8 3.3:1)
// needs the same darker shade, in both schemes; hovered, darker still.
const filledOfLightColours = () =>
  Object.fromEntries(
    [...DARKENED].flatMap((color) => [
      [`--mantine-color-${color}-filled`, lightVariantText(color)],
      [
        `--mantine-color-${color}-filled-hover`,
        `color-mix(in srgb, var(--mantine-color-${color}-9) 60%, black)`,
      ],
    ]),
  );

export const cssVariablesResolver: CSSVariablesResolver = (current) => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    ...filledOfLightColours(),
    ...Object.fromEntries(
      Object.keys(current.colors).flatMap((color) => [
        [`--mantine-color-${color}-light-color`, lightVariantText(color)],
        // Coloured text (`c="red"`: an overdue date) sits on white and on light grey rows too
        // (red 8 on a table's grey row: 4.3:1).
        [`--mantine-color-${color}-text`, lightVariantText(color)],
      ]),
    ),
  },
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)', ...filledOfLightColours() },
});

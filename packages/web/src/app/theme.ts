/**
 * The app's Mantine theme and its colour overrides, shared by the app (providers.tsx) and the
 * login screen the server draws before the app has loaded (prerender/login-screen.tsx).
 */
import { Anchor, type CSSVariablesResolver, createTheme } from '@mantine/core';

/**
 * Texts the theme gives Mantine's own controls, in the interface language: names for screen
 * readers on buttons and sliders Mantine draws without one (dialogs' close, a password's show/hide,
 * a colour input's eye dropper and sliders, a calendar's previous and next).
 */
const THEME_TEXT_KEYS = {
  close: 'common.close',
  togglePassword: 'auth.login.togglePassword',
  pickColor: 'common.pickColor',
  colorSaturation: 'common.colorSaturation',
  colorHue: 'common.colorHue',
  previousMonth: 'common.showPreviousMonth',
  nextMonth: 'common.showNextMonth',
  previousYear: 'common.showPreviousYear',
  nextYear: 'common.showNextYear',
  previousDecade: 'common.showPreviousDecade',
  nextDecade: 'common.showNextDecade',
} as const;

export type ThemeTexts = Record<keyof typeof THEME_TEXT_KEYS, string>;

export function themeTexts(translate: (key: string) => string): ThemeTexts {
  return Object.fromEntries(
    Object.entries(THEME_TEXT_KEYS).map(([name, key]) => [name, translate(key)]),
  ) as ThemeTexts;
}

export const appTheme = (texts: ThemeTexts) =>
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
      // A long title wraps before the close button instead of running up to it (Mantine's header
      // puts no space between them).
      Modal: {
        defaultProps: { closeButtonProps: { 'aria-label': texts.close } },
        styles: { header: { gap: 'var(--mantine-spacing-sm)' } },
      },
      Drawer: {
        defaultProps: { closeButtonProps: { 'aria-label': texts.close } },
        styles: { header: { gap: 'var(--mantine-spacing-sm)' } },
      },
      // The show/hide button is reachable with Tab, so someone on a keyboard can check what they
      // typed (Mantine leaves it out of the tab order).
      PasswordInput: {
        defaultProps: { visibilityToggleButtonProps: { 'aria-label': texts.togglePassword, tabIndex: 0 } },
      },
      // Mantine focuses an unnamed placeholder <div> when a menu opens; inside role="menu" that is
      // an element which is not a menu item (axe: aria-required-children). Without it the menu
      // focuses its first item, as the WAI-ARIA menu button pattern does.
      Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
      ColorInput: { defaultProps: { eyeDropperButtonProps: { 'aria-label': texts.pickColor } } },
      ColorPicker: { defaultProps: { saturationLabel: texts.colorSaturation, hueLabel: texts.colorHue } },
      // Every calendar (date pickers, their inputs), also inside DatePicker and DatePickerInput.
      Calendar: {
        defaultProps: {
          ariaLabels: {
            previousMonth: texts.previousMonth,
            nextMonth: texts.nextMonth,
            previousYear: texts.previousYear,
            nextYear: texts.nextYear,
            previousDecade: texts.previousDecade,
            nextDecade: texts.nextDecade,
          },
        },
      },
      // A choice list is the WAI-ARIA combobox pattern: the field says it is a combobox (Mantine
      // leaves it a text box with a popup), and its list is what scrolls, not a scroll area inside
      // it: a scroll region inside the list is one Tab cannot reach (axe: scrollable-region-
      // focusable), while the list itself is reached with the arrows from the field.
      // A combobox says whether its list is open (aria-expanded, required of the role).
      ComboboxTarget: { defaultProps: { withExpandedAttribute: true } },
      Select: {
        defaultProps: { role: 'combobox', withScrollArea: false },
        styles: (_theme: unknown, props: { maxDropdownHeight?: number | string }) => ({
          options: { maxHeight: props.maxDropdownHeight ?? 220, overflowY: 'auto' },
        }),
      },
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

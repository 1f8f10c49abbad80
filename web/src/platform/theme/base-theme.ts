import type { MantineThemeOverride } from '@mantine/core';

/** The look every page shares, the staff app's and the patients' pages alike. */
export const BASE_THEME = {
  primaryColor: 'teal',
  primaryShade: { light: 9, dark: 9 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  cursorType: 'pointer',
  // Mantine's transitions (dialogs, menus, toasts) run at 0 ms for people who ask their system for less motion.
  respectReducedMotion: true,
} as const satisfies MantineThemeOverride;

import type { MantineThemeOverride } from '@mantine/core';

/** The look every page shares, the staff app's and the patients' pages alike. */
export const BASE_THEME = {
  primaryColor: 'teal',
  // Mantine's teal with shade 9 (buttons, links, light-variant text) darkened from #087f5b, which is under
  // 4.5:1 on the light variant's own background and on striped table rows; shade 8 (a filled button under
  // the pointer) is that #087f5b, 5:1 under white text where Mantine's #099268 is 3.9:1.
  colors: {
    teal: [
      '#e6fcf5',
      '#c3fae8',
      '#96f2d7',
      '#63e6be',
      '#38d9a9',
      '#20c997',
      '#12b886',
      '#0ca678',
      '#087f5b',
      '#077050',
    ],
    // Mantine's orange with shade 9 (a filled orange button such as 'Schedule Anyway') darkened from #d9480f,
    // 4.3:1 under white text, to 5.2:1.
    orange: [
      '#fff4e6',
      '#ffe8cc',
      '#ffd8a8',
      '#ffc078',
      '#ffa94d',
      '#ff922b',
      '#fd7e14',
      '#f76707',
      '#e8590c',
      '#c2410c',
    ],
  },
  primaryShade: { light: 9, dark: 9 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '700' },
  cursorType: 'pointer',
  // Mantine's transitions (dialogs, menus, toasts) run at 0 ms for people who ask their system for less motion.
  respectReducedMotion: true,
} as const satisfies MantineThemeOverride;

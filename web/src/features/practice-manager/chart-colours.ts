import type { MantineColor } from '@mantine/core';

type Shade = `${MantineColor}.${number}`;

/**
 * One colour per series, chosen so each bar or slice stands out at 3:1 (WCAG 1.4.11, graphics) from a white card
 * and from the dark scheme's body and card alike: the same shade works in both schemes, so a series keeps its
 * colour when the user switches.
 */
export const CHART_COLOURS = {
  booked: 'blue.6',
  completed: 'green.8',
  cancelled: 'orange.8',
  noShow: 'red.7',
  utilisation: 'teal.8',
  payments: 'grape.6',
  recallsKept: 'blue.6',
  recallsMissed: 'gray.6',
} as const satisfies Record<string, Shade>;

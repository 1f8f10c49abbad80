import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { CHART_COLOURS } from './chart-colours.ts';

function luminance(hex: string): number {
  const [r = 0, g = 0, b = 0] = [1, 3, 5].map((at) => {
    const channel = Number.parseInt(hex.slice(at, at + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

const shade = (name: string) => {
  const [colour = '', index = ''] = name.split('.');
  const hex = DEFAULT_THEME.colors[colour]?.[Number(index)];
  if (!hex) throw new Error(`no Mantine colour ${name}`);
  return hex;
};

// A light card, then the dark scheme's body (dark.7) and card (dark.6).
const BACKGROUNDS = ['#ffffff', shade('dark.7'), shade('dark.6')];

describe('chart colours', () => {
  it.each(Object.entries(CHART_COLOURS))('%s (%s) stands out 3:1 in light and dark', (_, colour) => {
    for (const background of BACKGROUNDS) expect(contrast(shade(colour), background)).toBeGreaterThanOrEqual(3);
  });
});

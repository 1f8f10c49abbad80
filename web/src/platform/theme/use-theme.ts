import { useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { useEffect } from 'react';
import type { ThemePreference } from './theme-preference.ts';

export function useThemePreference(): [ThemePreference, (preference: ThemePreference) => void] {
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const preference: ThemePreference = colorScheme === 'auto' ? 'system' : colorScheme;
  return [preference, (next) => setColorScheme(next === 'system' ? 'auto' : next)];
}

/** Keeps a 'dark' or 'light' class on the document root in step with the resolved scheme. */
export function useRootThemeClass(): void {
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: false });
  useEffect(() => {
    const root = document.documentElement;
    root.classList.toggle('dark', computed === 'dark');
    root.classList.toggle('light', computed === 'light');
  }, [computed]);
}

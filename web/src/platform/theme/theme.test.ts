import { describe, expect, it } from 'vitest';
import { createAppTheme } from './theme.ts';

const labels = {
  close: 'Fermer',
  previousPage: 'Page précédente',
  nextPage: 'Page suivante',
  firstPage: 'Première page',
  lastPage: 'Dernière page',
};

describe('createAppTheme', () => {
  const theme = createAppTheme(labels);

  it('names each pager arrow in the language given (axe: button-name)', () => {
    const getControlProps = theme.components?.Pagination?.defaultProps?.getControlProps as (
      control: 'first' | 'previous' | 'last' | 'next',
    ) => Record<string, string>;
    expect(getControlProps('previous')['aria-label']).toBe('Page précédente');
    expect(getControlProps('next')['aria-label']).toBe('Page suivante');
    expect(getControlProps('first')['aria-label']).toBe('Première page');
    expect(getControlProps('last')['aria-label']).toBe('Dernière page');
  });

  it('names the close button of dialogs, drawers and toasts', () => {
    for (const component of ['Modal', 'Drawer', 'Notification'] as const) {
      expect(theme.components?.[component]?.defaultProps?.closeButtonProps).toEqual({ 'aria-label': 'Fermer' });
    }
  });

  it('draws teal shade 9 dark enough for 4.5:1 on its light background', () => {
    expect(theme.colors?.teal?.[9]).toBe('#077050');
    expect(theme.colors?.teal?.[8]).toBe('#087f5b');
  });
});
